import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '@corral/core';
import { createZooApi } from '../app.js';
import { configFromEnv } from '../config.js';

/** A zoo service on an ephemeral loopback port, as `npm start` would run it, for tests. */
export interface RunningZoo {
  readonly origin: string;
  /** A token for a demo client from the embedded authorization server. */
  token(clientId?: string, scope?: string): Promise<string>;
  get(path: string, token?: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export async function startZoo(env: Record<string, string> = {}): Promise<RunningZoo> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = configFromEnv({ PUBLIC_URL: origin, ...env, PORT: String((server.address() as AddressInfo).port) });
  const api = await createZooApi(config, origin, silentLogger);
  server.on('request', api.nodeHandler);
  return {
    origin,
    async token(clientId = 'zoo-admin', scope) {
      const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
      const res = await fetch(`${origin}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientId}-secret`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      if (res.status !== 200) throw new Error(`token request failed with ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    get: (path, token, headers = {}) => fetch(`${origin}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
