import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  dropTestDatabases,
  freshDatabaseName,
  mysqlServerAvailable,
  outsideConnection,
} from '@corral/mysql/testing';
import { openFeed } from './testing/feed-reader.js';
import { demoToken, startProcesses, type StartedProcesses } from './testing/start-main.js';

// Two processes of the zoo on one MariaDB database (DATABASE_URL=mysql://...), as behind a load
// balancer: many writers at once, If-Match races, ids, feeds across instances, a restart.

const available = await mysqlServerAvailable();
const name = freshDatabaseName('zoo2');
let url: string;
let started: StartedProcesses | undefined;
let origins: readonly string[] = [];
let token: string;

const environment = () => ({ DATABASE_URL: url, PUBLIC_URL: 'http://zoo.test', LOG_LEVEL: 'silent', RATE_LIMIT: '0' });

beforeAll(async () => {
  if (!available) return;
  url = await createTestDatabase(name);
  started = await startProcesses(environment());
  origins = started.origins;
  token = await demoToken(origins[0]!);
}, 60_000);
afterAll(async () => {
  await started?.stop();
  if (available) await dropTestDatabases([name]);
});

async function call(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), json: text ? JSON.parse(text) : undefined };
}

const animal = (i: number) => ({ name: `Animal ${i}`, species: 'Capybara', animalTypeId: 'mammal' });

describe.runIf(available)('two zoo processes on one MariaDB database', () => {
  it("seed the demo data once and accept each other's tokens (the signing key is in the database)", async () => {
    const [a, b] = origins;
    const lists = await Promise.all([call(a!, 'GET', '/v1/zoos'), call(b!, 'GET', '/v1/zoos')]);
    expect(lists[0].json.total).toBe(5);
    expect(lists[1].json).toEqual(lists[0].json);
    expect(lists[1].etag).toBe(lists[0].etag);
    expect((await call(b!, 'GET', '/v1/zoos?limit=1')).status).toBe(200);
  });

  it('take 50 clients creating animals under one zoo at once, then patching and deleting them, without a 503', async () => {
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(origins[i % 2]!, 'POST', '/v1/zoos/1/animals', animal(i))),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    const ids = created.map((answer) => answer.json.id as string);
    expect(new Set(ids).size).toBe(50);
    const patched = await Promise.all(
      ids.map((id, i) => call(origins[i % 2]!, 'PATCH', `/v1/animals/${id}`, { name: `Renamed ${i}` })),
    );
    expect(patched.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const deleted = await Promise.all(ids.map((id, i) => call(origins[(i + 1) % 2]!, 'DELETE', `/v1/animals/${id}`)));
    expect(deleted.map((answer) => answer.status)).toEqual(Array(50).fill(204));
    expect((await call(origins[0]!, 'GET', `/v1/animals/${ids[0]}`)).status).toBe(410);
  });

  it('let exactly one of 50 PATCHes with the same If-Match win (49 answer 412), wherever they land', async () => {
    const read = await call(origins[0]!, 'GET', '/v1/zoos/2');
    const writes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(origins[i % 2]!, 'PATCH', '/v1/zoos/2', { city: `City ${i}` }, { 'if-match': read.etag! }),
      ),
    );
    expect(writes.filter((w) => w.status === 200)).toHaveLength(1);
    expect(writes.filter((w) => w.status === 412)).toHaveLength(49);
  });

  it('deliver a write made through one instance to a feed on the other, and an UPDATE by another program', async () => {
    const feed = await openFeed(`${origins[0]}/v1/zoos`, token);
    const sent = performance.now();
    const created = await call(origins[1]!, 'POST', '/v1/zoos', { name: 'Across' });
    const [event] = await feed.waitFor(1, 5_000);
    console.info(
      `delivered across instances in ${Math.round(performance.now() - sent)} ms (no LISTEN: a poll every 100 ms)`,
    );
    expect(event!.data).toMatchObject({ type: 'created', id: created.json.id, record: created.json });
    const connection = await outsideConnection(name);
    try {
      await connection.query(`UPDATE zoos SET city = 'Set by SQL' WHERE id = ${Number(created.json.id)}`);
    } finally {
      await connection.end();
    }
    const [, updated] = await feed.waitFor(2, 5_000);
    feed.close();
    expect(updated!.event).toBe('updated');
    expect(updated!.data.record.city).toBe('Set by SQL');
  });

  it('keep every record across a restart of both, and hand out no id twice after it', async () => {
    const before = await call(origins[0]!, 'POST', '/v1/customers', { name: 'Before restart' });
    await started!.stop();
    started = await startProcesses(environment());
    origins = started.origins;
    token = await demoToken(origins[0]!);
    expect((await call(origins[1]!, 'GET', `/v1/customers/${before.json.id}`)).json.name).toBe('Before restart');
    expect((await call(origins[1]!, 'DELETE', `/v1/customers/${before.json.id}`)).status).toBe(204);
    const after = await call(origins[0]!, 'POST', '/v1/customers', { name: 'After restart' });
    expect(Number(after.json.id)).toBeGreaterThan(Number(before.json.id));
    expect((await call(origins[0]!, 'GET', `/v1/customers/${before.json.id}`)).status).toBe(410);
  }, 60_000);
});
