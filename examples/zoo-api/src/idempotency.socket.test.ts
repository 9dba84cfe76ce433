import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startZoo } from './testing/start-zoo.js';
import { zooPairOnFreshSchema, type PairInstance } from './testing/zoo-pair.js';

// Two processes of the zoo service on one PostgreSQL schema share Idempotency-Keys: a POST retried
// on the other instance, or sent to both at once, creates one record and gets one answer.

const pair = await zooPairOnFreshSchema('idem');

async function post(
  instance: Pick<PairInstance, 'origin' | 'token'>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${instance.origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${instance.token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    replayed: res.headers.get('idempotency-replayed'),
    text: await res.text(),
  };
}

async function customersNamed(instance: Pick<PairInstance, 'origin' | 'token'>, name: string): Promise<number> {
  const res = await fetch(`${instance.origin}/v1/customers?per_page=100`, {
    headers: { authorization: `Bearer ${instance.token}` },
  });
  const list = (await res.json()) as { customers: { name: string }[] };
  return list.customers.filter((c) => c.name === name).length;
}

describe.runIf(pair.available)('Idempotency-Key across two zoo processes on one PostgreSQL schema', () => {
  it('replays on the second instance what the first created, without creating again', async () => {
    const [a, b] = pair.instances;
    const key = crypto.randomUUID();
    const first = await post(a!, '/v1/customers', { name: 'Retried Ltd' }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const retry = await post(b!, '/v1/customers', { name: 'Retried Ltd' }, { 'idempotency-key': key });
    expect(retry).toMatchObject({ status: 201, location: first.location, text: first.text, replayed: 'true' });
    expect(await customersNamed(b!, 'Retried Ltd')).toBe(1);
    const reused = await post(b!, '/v1/customers', { name: 'Another Ltd' }, { 'idempotency-key': key });
    expect(reused.status).toBe(422);
    expect(JSON.parse(reused.text)).toMatchObject({ errorCode: 1026 });
  });

  it('creates one record when one key is sent to both instances at once; every finished answer is the same', async () => {
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(pair.instances[i % 2]!, '/v1/customers', { name: 'Concurrent Ltd' }, { 'idempotency-key': key }),
      ),
    );
    // The first to claim the key creates; the others get its answer, or 409 while it still runs.
    const created = answers.filter((a) => a.status === 201);
    expect(created.length + answers.filter((a) => a.status === 409).length).toBe(10);
    expect(created.filter((a) => a.replayed === null)).toHaveLength(1);
    for (const answer of created)
      expect(answer).toMatchObject({ location: created[0]!.location, text: created[0]!.text });
    // A retry of the ones that got 409 gets the same answer too.
    const retried = await post(
      pair.instances[1]!,
      '/v1/customers',
      { name: 'Concurrent Ltd' },
      { 'idempotency-key': key },
    );
    expect(retried).toMatchObject({ status: 201, location: created[0]!.location, replayed: 'true' });
    expect(await customersNamed(pair.instances[0]!, 'Concurrent Ltd')).toBe(1);
  });
});

describe('Idempotency-Key on the zoo service over its SQLite file', () => {
  it('creates a zoo, an animal below it and a customer once each, and replays their answers', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'zoo-idem-'));
    const zoo = await startZoo({ DATA_DIR: dataDir });
    try {
      const instance = { origin: zoo.origin, token: await zoo.token() };
      const zooId = '1';
      for (const [path, body] of [
        ['/v1/zoos', { name: 'Keyed Zoo', city: 'Bern' }],
        [`/v1/zoos/${zooId}/animals`, { name: 'Ada', species: 'lion', animalTypeId: 'mammal', zooId }],
        ['/v1/customers', { name: 'Keyed Ltd' }],
      ] as const) {
        const headers = { 'idempotency-key': `key${path}` };
        const first = await post(instance, path, body, headers);
        expect(first, path).toMatchObject({ status: 201, replayed: null });
        const again = await post(instance, path, body, headers);
        expect(again, path).toMatchObject({
          status: 201,
          location: first.location,
          text: first.text,
          replayed: 'true',
        });
      }
      expect(await customersNamed(instance, 'Keyed Ltd')).toBe(1);
    } finally {
      await zoo.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
