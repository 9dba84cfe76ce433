import type { AddressInfo } from 'node:net';
import { type Authenticator, createApi, silentLogger, type WebhookStore, defineCollection } from '@corral/core';
import { postgresDatabase } from '@corral/postgres';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { receiver, until } from './hooks-api.case.test.js';
import { webhooks } from './webhooks-plugin.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

const auth: Authenticator = {
  authenticate: async () => ({ subject: 'ann', scopes: new Set(['notes:rw', 'webhooks:write']), claims: {} }),
  challenge: () => ({}),
};

/**
 * A store that freezes when `kill()` is called, as a process stopped by kill -9: every call from
 * then on never returns (no release, no renewal, no step), so its lease runs out.
 */
function killable(store: WebhookStore) {
  let dead = false;
  const frozen = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (dead ? new Promise(() => {}) : value.apply(target, args));
    },
  });
  return { store: frozen, kill: () => void (dead = true) };
}

/** One instance of an API of notes on the shared schema, with webhooks delivered from it. */
async function instance(schema: string, store?: (database: ReturnType<typeof postgresDatabase>) => WebhookStore) {
  const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ n: z.number() }),
    scopes: { read: 'notes:rw', write: 'notes:rw' },
    store: database.store(),
  });
  const hooks = store ? store(database) : database.webhooks();
  const plugin = webhooks({ store: hooks, allow: '127.0.0.1', leaseMs: 1000, pollMs: 50, timeoutMs: 2000 });
  const api = createApi({ collections: [notes], auth, logger: silentLogger, plugins: [plugin] });
  await api.ready();
  const server = api.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const post = (path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
  return { api, server, database, post };
}

describe.runIf(available)('webhooks from two instances on PostgreSQL', () => {
  it('after the delivering instance dies without letting go, the other delivers everything after its lease', async () => {
    const schema = freshSchemaName('hooks_api_two');
    schemas.push(schema);
    const hook = await receiver();
    let kill = () => {};
    const a = await instance(schema, (database) => {
      const made = killable(database.webhooks());
      kill = made.kill;
      return made.store;
    });
    const made = await a.post('/v1/webhooks', { url: hook.url('/in'), events: ['notes.created'] });
    expect(made.status).toBe(201);
    const b = await instance(schema);
    const total = 300;
    for (let n = 0; n < total / 2; n++) expect((await a.post('/v1/notes', { n })).status).toBe(201);
    await until(() => hook.on('/in').length >= 20, 10_000, 'A delivering');
    kill();
    a.server.closeAllConnections();
    for (let n = total / 2; n < total; n++) expect((await b.post('/v1/notes', { n })).status).toBe(201);
    const seen = () => new Set(hook.on('/in').map((entry) => entry.json.data.record.n));
    await until(() => seen().size === total, 30_000, 'every event delivered');
    // Duplicates only with the same webhook-id and body; first arrivals in the order written.
    const byId = new Map<string, string>();
    for (const entry of hook.on('/in')) {
      const id = entry.headers['webhook-id']!;
      expect(byId.get(id) ?? entry.body).toBe(entry.body);
      byId.set(id, entry.body);
    }
    expect(byId.size).toBe(total);
    const order: number[] = [];
    for (const entry of hook.on('/in'))
      if (!order.includes(entry.json.data.record.n)) order.push(entry.json.data.record.n);
    expect(order).toEqual([...order].sort((x, y) => x - y));
    await b.api.close();
    b.server.close();
    a.server.close();
    await a.database.close().catch(() => undefined);
    await hook.close();
  }, 60_000);

  it('answers 404 for a subscription id PostgreSQL cannot even compare (a NUL), not 500', async () => {
    const schema = freshSchemaName('hooks_api_nul');
    schemas.push(schema);
    const one = await instance(schema);
    const { port } = one.server.address() as AddressInfo;
    try {
      for (const [method, path] of [
        ['GET', '/v1/webhooks/%00'],
        ['DELETE', '/v1/webhooks/a%00b'],
        ['GET', '/v1/webhooks/%00/dead-letters'],
      ] as const) {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
          method,
          headers: { authorization: 'Bearer x' },
        });
        expect([method, path, answer.status]).toEqual([method, path, 404]);
      }
    } finally {
      await one.api.close();
      one.server.close();
    }
  });
});
