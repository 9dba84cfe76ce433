import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Authenticator } from '../auth/principal.js';
import { createApi, type ApiOptions } from '../index.js';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryDatabase, type MemoryDatabaseOptions } from '../store/memory-database.js';
import { memoryStore } from '../store/memory-store.js';

/**
 * Tokens of the feed tests: `Bearer <name>`. `reader` reads and writes everything, `noscope` has no
 * scope, `tenant` sees zoo 1 only (a list restriction), `short` expires a second after it is made.
 */
const auth: Authenticator = {
  async authenticate(request) {
    const token = request.header('authorization')?.replace(/^Bearer /, '');
    if (!token) return undefined;
    const scopes = token === 'noscope' ? [] : ['zoos:read', 'zoos:write'];
    const exp = token === 'short' ? Math.floor(Date.now() / 1000) + 1 : undefined;
    return { subject: token, scopes: new Set(scopes), claims: exp ? { exp } : {} };
  },
  challenge: () => ({ 'www-authenticate': 'Bearer realm="test"' }),
};

/** Zoos and their animals in a database of their own; animals marked `secret` are hidden by the record rule. */
export async function feedApi(options: Partial<ApiOptions> = {}, database: MemoryDatabaseOptions = {}) {
  const db = memoryDatabase(database);
  const scopes = { read: 'zoos:read', write: 'zoos:write' };
  const zoos = defineCollection({
    name: 'zoos',
    schema: z.object({ name: z.string() }),
    scopes,
    store: memoryStore({ database: db, initial: [{ name: 'Berlin' }, { name: 'Zurich' }] }),
  });
  const animal = z.object({
    zoo_id: z.string(),
    name: z.string(),
    kind: z.enum(['bird', 'cat']),
    secret: z.boolean().optional(),
    notes: z.string().optional(),
  });
  const animals = defineCollection({
    name: 'animals',
    schema: animal,
    parent: { collection: zoos, field: 'zoo_id', relation: 'zoo' },
    filters: { kind: 'kind' },
    searchable: ['name'],
    sortable: ['name'],
    scopes,
    authorize: ({ record }) => record?.secret !== true,
    listFilter: (principal) => (principal?.subject === 'tenant' ? { zoo_id: '1' } : undefined),
    store: memoryStore<z.infer<typeof animal>>({ database: db }),
  });
  const api = createApi({ collections: [zoos, animals], auth, logger: silentLogger, ...options });
  await api.ready();
  const server = api.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: 'Bearer reader', 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    port,
    log: db.changes,
    call,
    create: async (data: Record<string, unknown>) => (await call('POST', '/v1/animals', data)).body as { id: string },
    patch: (id: string, data: Record<string, unknown>) => call('PATCH', `/v1/animals/${id}`, data),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await api.close();
    },
  };
}

/** The event's JSON. */
export const dataOf = (block: { readonly data?: string }) => JSON.parse(block.data ?? 'null') as Record<string, any>;
