import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthorizationServer } from '@corral/auth-server';
import { createApi, defineCollection, memoryStore, silentLogger } from '@corral/core';
import { oauth } from '@corral/oauth';
import { z } from 'zod';

/** How {@link startTokenApi} sets up the API. */
export interface TokenApiOptions {
  /** Lifetime of the tokens it issues (default 600 s). */
  readonly tokenTtlSeconds?: number;
  /**
   * The host name the API and its issuer call themselves (default `127.0.0.1`, the address it
   * listens on). `localhost` makes the issuer `http://localhost:<port>/oauth` and every link
   * absolute on that host, as a server whose public URL names another host than the client uses.
   */
  readonly publicHost?: '127.0.0.1' | 'localhost';
}

/** A small API and its own authorization server on one loopback port, counting what reaches it. */
export async function startTokenApi(options: TokenApiOptions = {}) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const publicOrigin = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const issuer = `${publicOrigin}/oauth`;
  const clients = [{ clientId: 'notes-app', clientSecret: 'notes-secret', scopes: ['notes:read', 'notes:write'] }];
  const authServer = await createAuthorizationServer({
    issuer,
    audience: 'https://notes.example',
    clients,
    accessTokenTtlSeconds: options.tokenTtlSeconds ?? 600,
  });
  let tokenRequests = 0;
  const countTokens = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/oauth/token')) tokenRequests++;
    authServer.handle(req, res);
  };
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ text: z.string().max(100) }),
    scopes: { read: 'notes:read', write: 'notes:write' },
    store: memoryStore({ initial: [{ id: '1', text: 'first' }] }),
  });
  // No clock tolerance: a token is refused the second it expires.
  const auth = oauth({ issuer, audience: 'https://notes.example', algorithms: ['ES256'], clockToleranceSeconds: 0 });
  const api = createApi({
    version: 1,
    collections: [notes],
    auth,
    logger: silentLogger,
    mounts: { '/oauth': countTokens },
    ...(options.publicHost === 'localhost' ? { publicUrl: publicOrigin } : {}),
  });
  // Every request that reached the server, as `<Host header> <method> <path>`.
  const seen: string[] = [];
  server.on('request', (req: IncomingMessage) => seen.push(`${req.headers.host} ${req.method} ${req.url}`));
  server.on('request', api.nodeHandler);
  return {
    origin,
    issuer,
    tokenRequests: () => tokenRequests,
    requests: (): readonly string[] => [...seen],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
    },
  };
}
