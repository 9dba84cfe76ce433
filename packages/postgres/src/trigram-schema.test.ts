import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoreInit } from '@corral/core';
import { postgresDatabase } from './database.js';
import { serverAvailable, testDatabaseUrl } from './testing/server.js';

// pg_trgm is often installed in a schema of its own, off the search path (Supabase puts it in
// `extensions`). A database of this test's own: moving an extension is seen by every schema.
const available = await serverAvailable();
const database = `corral_trgm_${randomBytes(4).toString('hex')}`;
const urlOf = (name: string) => {
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const admin = async (sql: string, on = testDatabaseUrl) => {
  const client = new pg.Client({ connectionString: on });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
afterAll(async () => {
  if (available) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

const animals: StoreInit = {
  collection: 'animals',
  fields: { name: 'string' },
  filterable: [],
  sortable: ['name'],
  searchable: ['name'],
  required: ['name'],
  nullable: [],
  enums: {},
};

describe.runIf(available)('pg_trgm in a schema off the search path', () => {
  it('indexes search with the extension where it lives, and search finds records', async () => {
    await admin(`CREATE DATABASE ${database} TEMPLATE template0`);
    await admin('CREATE SCHEMA extensions; CREATE EXTENSION pg_trgm SCHEMA extensions', urlOf(database));
    const db = postgresDatabase({ connectionString: urlOf(database), schema: 'zoo' });
    try {
      const store = db.store<{ name: string }>();
      await store.init?.(animals);
      await store.create({ name: 'Snow Leopard' });
      await store.create({ name: 'Otter' });
      const page = await store.list({ search: { text: 'leop', fields: ['name'] }, offset: 0, limit: 10 });
      expect(page.items.map((record) => record.data.name)).toEqual(['Snow Leopard']);
      const client = new pg.Client({ connectionString: urlOf(database) });
      await client.connect();
      const indexes = await client.query(
        `SELECT indexdef FROM pg_indexes WHERE schemaname = 'zoo' AND indexdef LIKE '%gin_trgm_ops%'`,
      );
      await client.end();
      expect(indexes.rows.map((row) => row.indexdef)).toEqual([expect.stringContaining('extensions.gin_trgm_ops')]);
    } finally {
      await db.close();
    }
  });
});
