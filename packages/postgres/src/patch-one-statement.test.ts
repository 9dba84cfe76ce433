import { createApi, defineCollection, silentLogger } from '@corral/core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postgresDatabase } from './database.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});

describe.runIf(available)('a PATCH of a table the application owns on PostgreSQL', () => {
  it('answers 412 and 404 before what the columns refuse, and names the fields a CHECK of the table refuses', async () => {
    const schema = freshSchemaName('patch_owned');
    schemas.push(schema);
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(
      `CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".birds (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name varchar(5) NOT NULL, legs smallint NOT NULL, wings smallint NOT NULL, lock_version integer NOT NULL DEFAULT 1, CONSTRAINT few_legs CHECK (legs <= wings))`,
    );
    await client.end();
    const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    const birds = defineCollection({
      name: 'birds',
      schema: z.object({ name: z.string(), legs: z.number().int(), wings: z.number().int() }),
      store: database.store({ table: 'birds', version: 'lock_version' }),
    });
    const api = createApi({ collections: [birds], logger: silentLogger });
    await api.ready();
    const call = async (method: string, path: string, body?: unknown, ifMatch?: string) => {
      const res = await api.fetch(
        new Request(`http://x/v1/${path}`, {
          method,
          headers: {
            'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
            ...(ifMatch ? { 'if-match': ifMatch } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      return { status: res.status, json: (await res.json().catch(() => undefined)) as Record<string, unknown> };
    };
    const created = await call('POST', 'birds', { name: 'Kea', legs: 2, wings: 2 });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect((await call('PATCH', `birds/${id}`, { name: 'Cassowary' }, '"v9"')).status).toBe(412);
    expect((await call('PATCH', 'birds/999', { name: 'Cassowary' })).status).toBe(404);
    const long = await call('PATCH', `birds/${id}`, { name: 'Cassowary' }, '"v1"');
    expect(long).toMatchObject({ status: 422, json: { errors: [{ field: 'name' }] } });
    const broken = await call('PATCH', `birds/${id}`, { legs: 4 }, '"v1"');
    expect(broken.status).toBe(422);
    expect((broken.json.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['legs', 'wings']);
    expect(await call('PATCH', `birds/${id}`, { legs: 1 }, '"v1"')).toMatchObject({
      status: 200,
      json: { name: 'Kea', legs: 1, wings: 2 },
    });
    await api.close();
    await database.close();
  });
});
