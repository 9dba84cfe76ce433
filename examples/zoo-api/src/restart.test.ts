import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@corral/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { serve } from './serve.js';
import { adminToken as token, call } from './testing/service-calls.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'corral-zoo-data-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const postgres = await serverAvailable();
const schema = freshSchemaName('restart');
afterAll(async () => {
  if (postgres) await dropSchema(schema);
});

describe.each([
  ['its default SQLite file', () => ({ DATA_DIR: dataDir }), true],
  ['PostgreSQL (DATABASE_URL)', () => ({ DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema }), postgres],
] as const)('the zoo service on %s', (_label, storage, available) => {
  it.runIf(available)(
    'keeps what clients were told was stored across a restart, deletions (410) included, and does not seed again',
    async () => {
      // One public address across the restart, as a deployment has: tokens name it as their issuer.
      const env = { PORT: '0', PUBLIC_URL: 'http://zoo.test', ...storage() };
      const first = await serve(env, silentLogger);
      const admin = await token(first);
      const seeded = await call(first, admin, 'GET', '/v1/zoos');
      expect(seeded.json.total).toBeGreaterThan(0);
      const created = await call(first, admin, 'POST', '/v1/zoos', { name: 'Tierpark', city: 'Berlin' });
      expect(created.status).toBe(201);
      const patched = await call(first, admin, 'PATCH', `/v1/zoos/${created.json.id}`, {
        city: 'Berlin-Friedrichsfelde',
      });
      const animal = await call(first, admin, 'POST', `/v1/zoos/${created.json.id}/animals`, {
        name: 'Kea',
        species: 'Nestor notabilis',
        animalTypeId: 'bird',
      });
      const removed = (await call(first, admin, 'GET', '/v1/customers?limit=1')).json.customers[0].id;
      expect((await call(first, admin, 'DELETE', `/v1/customers/${removed}`)).status).toBe(204);
      const listEtag = (await call(first, admin, 'GET', '/v1/zoos')).etag;
      await first.stop();
      if ('DATA_DIR' in env) expect((await stat(join(dataDir, 'zoo.sqlite'))).size).toBeGreaterThan(0);

      const second = await serve(env, silentLogger);
      // A token of the first run still passes: the signing key is kept beside the records.
      expect((await call(second, admin, 'GET', '/v1/zoos?limit=1')).status).toBe(200);
      const again = await token(second);
      const zoo = await call(second, again, 'GET', `/v1/zoos/${created.json.id}`);
      expect(zoo.status).toBe(200);
      expect(zoo.json).toMatchObject({ name: 'Tierpark', city: 'Berlin-Friedrichsfelde' });
      expect(zoo.etag).toBe(patched.etag);
      expect((await call(second, again, 'GET', `/v1/zoos/${created.json.id}/animals`)).json.animals).toMatchObject([
        { id: animal.json.id, name: 'Kea' },
      ]);
      expect((await call(second, again, 'GET', `/v1/customers/${removed}`)).status).toBe(410);
      const zoos = await call(second, again, 'GET', '/v1/zoos');
      expect(zoos.json.total).toBe(seeded.json.total + 1);
      expect(zoos.etag).toBe(listEtag);
      // New ids keep counting from where the first run stopped.
      const next = await call(second, again, 'POST', '/v1/zoos', { name: 'Hellabrunn' });
      expect(Number(next.json.id)).toBeGreaterThan(Number(created.json.id));
      await second.stop();
    },
  );
});
