import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryStore, silentLogger } from '@corral/core';
// Test helpers of core and of the PostgreSQL store, reached by path: no part of their packages' public surface.
import { freshObjectStore } from '@corral/core/testing';
import { createTestDatabase, dropTestDatabases, freshDatabaseName } from '@corral/mysql/testing';
import { dropSchema, freshSchemaName, testDatabaseUrl } from '@corral/postgres/testing';
import { createZooApi } from '../app.js';
import { configFromEnv } from '../config.js';
import type { StoreFactory } from '../stores.js';
import { type PersonTokens, signInAs } from './sign-in.js';

/** A zoo service on an ephemeral loopback port, as `npm start` would run it, for tests. */
export interface RunningZoo {
  readonly origin: string;
  /** A token for a demo client from the embedded authorization server. */
  token(clientId?: string, scope?: string): Promise<string>;
  /** Signs a demo person in (code + PKCE through the login page) and gives their tokens. */
  signIn(username: string, password: string, scope?: string): Promise<PersonTokens>;
  get(path: string, token?: string, headers?: Record<string, string>): Promise<Response>;
  /** Starts what `api.ready()` starts (the webhook delivery worker among them), as `npm start` does. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The stores a test zoo uses: the service's own, or (with `ZOO_TEST_STORES=fresh-objects`, set by a
 * vitest project) memory stores that hand out a new copy of every record, as database stores do.
 */
function testStores(): StoreFactory | undefined {
  if (process.env.ZOO_TEST_STORES !== 'fresh-objects') return undefined;
  return (initial) => freshObjectStore(memoryStore({ initial }));
}

export async function startZoo(env: Record<string, string> = {}): Promise<RunningZoo> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Memory unless the test names a place for the data: tests must not share the service's own file.
  // With ZOO_TEST_STORES=postgres (a vitest project), each zoo gets a schema of its own on the test server.
  // With ZOO_TEST_STORES=mysql, a database of its own on the MariaDB test server.
  const own = !env.STORE && !env.DATA_DIR && !env.DATABASE_URL;
  const schema = process.env.ZOO_TEST_STORES === 'postgres' && own ? freshSchemaName('zoo') : undefined;
  const mysqlName = process.env.ZOO_TEST_STORES === 'mysql' && own ? freshDatabaseName('zoo') : undefined;
  const storage = schema
    ? { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema }
    : mysqlName
      ? { DATABASE_URL: await createTestDatabase(mysqlName) }
      : env.DATA_DIR || env.DATABASE_URL || env.STORE
        ? {}
        : { STORE: 'memory' };
  const config = configFromEnv({
    PUBLIC_URL: origin,
    ...storage,
    ...env,
    PORT: String((server.address() as AddressInfo).port),
  });
  const api = await createZooApi(config, origin, silentLogger, testStores());
  server.on('request', api.nodeHandler);
  return {
    origin,
    async token(clientId = 'zoo-admin', scope) {
      const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
      const res = await fetch(`${origin}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientId}-secret`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
      });
      if (res.status !== 200) throw new Error(`token request failed with ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    signIn: (username, password, scope) =>
      signInAs(
        { issuer: `${origin}/oauth`, clientId: 'corral-admin', redirectUri: `${origin}/admin/callback` },
        username,
        password,
        scope,
      ),
    get: (path, token, headers = {}) =>
      fetch(`${origin}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
    ready: () => api.ready(),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
      if (schema) await dropSchema(schema);
      if (mysqlName) await dropTestDatabases([mysqlName]);
    },
  };
}
