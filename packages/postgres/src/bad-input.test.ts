import { ApiError, type StoreInit } from '@corral/core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from './database.js';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schema = freshSchemaName('input');
afterAll(async () => {
  if (available) await dropSchema(schema);
});

type Bird = { name: string; legs: number };
const birds: StoreInit = {
  collection: 'birds',
  fields: { name: 'string', legs: 'integer' },
  filterable: ['name', 'legs'],
  sortable: [],
  searchable: ['name'],
  required: ['name', 'legs'],
  nullable: [],
  enums: {},
};

describe.runIf(available)('input PostgreSQL cannot hold', () => {
  it('matches nothing or is refused as invalid input (4xx), never a database error (5xx)', async () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(
      `CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".birds (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL, legs smallint NOT NULL)`,
    );
    await client.end();
    const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    try {
      const store = database.store<Bird>({ table: 'birds' });
      await store.init?.(birds);
      await store.create({ name: 'Kea', legs: 2 });
      // An id past the integer column's range, a number past smallint's, text with NUL (PostgreSQL keeps none).
      expect(await store.get('9999999999')).toEqual({ status: 'missing' });
      expect(await store.replace('9999999999', { name: 'x', legs: 2 })).toEqual({ status: 'missing' });
      expect(await store.delete('9999999999')).toEqual({ status: 'missing' });
      expect((await store.list({ filter: { legs: 70000 }, offset: 0, limit: 10 })).total).toBe(0);
      expect((await store.list({ filter: { name: 'K\u0000ea' }, offset: 0, limit: 10 })).total).toBe(0);
      expect((await store.list({ search: { text: 'k\u0000', fields: ['name'] }, offset: 0, limit: 10 })).total).toBe(0);
      await expect(store.create({ name: 'Moa\u0000', legs: 2 })).rejects.toMatchObject({ status: 422 });
      await expect(store.create({ name: 'Moa', legs: 70000 })).rejects.toBeInstanceOf(ApiError);
      expect(await store.count({})).toBe(1);
    } finally {
      await database.close();
    }
  });
});
