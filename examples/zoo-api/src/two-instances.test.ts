import { describe, expect, it, vi } from 'vitest';
import { zooPairOnFreshSchema, type PairInstance } from './testing/zoo-pair.js';

// Two processes of the zoo service on one PostgreSQL database must behave as one service.

// Both start at once on a new schema: the tables are made and the demo data seeded once. They share
// one public address, as instances behind one load balancer do.
const pair = await zooPairOnFreshSchema('two', { PUBLIC_URL: 'http://zoo.test' });

async function call(
  instance: PairInstance,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${instance.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${instance.token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    etag: res.headers.get('etag'),
    location: res.headers.get('location'),
    json: text ? JSON.parse(text) : undefined,
  };
}

describe.runIf(pair.available)('two zoo processes on one PostgreSQL database', () => {
  it("accept each other's tokens: the embedded server's signing key is kept in the database", async () => {
    const [a, b] = pair.instances;
    expect((await call({ origin: b!.origin, token: a!.token }, 'GET', '/v1/zoos?limit=1')).status).toBe(200);
    expect((await call({ origin: a!.origin, token: b!.token }, 'GET', '/v1/zoos?limit=1')).status).toBe(200);
  });

  it('see the same records, seeded once, with the same list ETag', async () => {
    const [a, b] = pair.instances;
    const lists = await Promise.all([call(a!, 'GET', '/v1/zoos'), call(b!, 'GET', '/v1/zoos')]);
    expect(lists[0].json.total).toBe(5);
    expect(lists[1].json).toEqual(lists[0].json);
    expect(lists[1].etag).toBe(lists[0].etag);
  });

  it('let exactly one of many writes based on the same ETag win, wherever they land', async () => {
    const [a, b] = pair.instances;
    const read = await call(a!, 'GET', '/v1/zoos/1');
    const writes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? a! : b!, 'PATCH', '/v1/zoos/1', { city: `City ${i}` }, { 'if-match': read.etag! }),
      ),
    );
    expect(writes.filter((w) => w.status === 200)).toHaveLength(1);
    expect(writes.filter((w) => w.status === 412)).toHaveLength(19);
  });

  it('lose no update when clients on both read, change and write back with If-Match, retrying on 412', async () => {
    const created = await call(pair.instances[0]!, 'POST', '/v1/zoos', { name: 'Counter' });
    const increment = async (instance: PairInstance) => {
      for (;;) {
        const read = await call(instance, 'GET', `/v1/zoos/${created.json.id}`);
        const written = await call(
          instance,
          'PATCH',
          `/v1/zoos/${created.json.id}`,
          { name: `${read.json.name}+` },
          { 'if-match': read.etag! },
        );
        if (written.status === 200) return;
        expect(written.status).toBe(412);
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, i) => increment(pair.instances[i % 2]!)));
    expect((await call(pair.instances[1]!, 'GET', `/v1/zoos/${created.json.id}`)).json.name).toBe(
      `Counter${'+'.repeat(20)}`,
    );
  });

  it('never hand out one id twice, and a record deleted on one is 410 on the other', async () => {
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(pair.instances[i % 2]!, 'POST', '/v1/customers', { name: `Customer ${i}` }),
      ),
    );
    const ids = made.map((m) => m.json.id);
    expect(new Set(ids).size).toBe(20);
    expect((await call(pair.instances[0]!, 'DELETE', `/v1/customers/${ids[0]}`)).status).toBe(204);
    expect((await call(pair.instances[1]!, 'GET', `/v1/customers/${ids[0]}`)).status).toBe(410);
  });

  it('report a job accepted by one on the other, and run it once', async () => {
    const [a, b] = pair.instances;
    const page = await call(a!, 'GET', '/v1/suppliers?limit=2');
    const body = page.json.suppliers.map((s: Record<string, unknown>) => ({ ...s, city: 'Zug' }));
    const accepted = await call(a!, 'PUT', '/v1/suppliers', body, { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    await vi.waitFor(
      async () => {
        const job = await call(b!, 'GET', accepted.location!);
        expect(job.json).toMatchObject({ status: 'succeeded', result: { status: 200, body: { updated: 2 } } });
      },
      { timeout: 5_000, interval: 50 },
    );
    const before = await call(a!, 'GET', `/v1/suppliers/${body[0].id}`);
    expect(before.json.city).toBe('Zug');
    // Run once: the seeded record was at version 1, and one run raises it to 2 (two runs would make it 3).
    expect(before.etag).toBe('"v2"');
  });
});
