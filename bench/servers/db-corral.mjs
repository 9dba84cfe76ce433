// Corral over SQLite or PostgreSQL for the database benchmark: v1 lets the store estimate totals
// above 10,000 (the count policy), v2 counts exactly. No auth and no access log: the store is measured.
import { createApi, defineCollection, silentLogger } from '@corral/core';
import { postgresDatabase } from '@corral/postgres';
import { sqliteDatabase } from '@corral/sqlite';
import { itemDeclaration } from './db-items.mjs';

const database = process.env.BENCH_DB === 'postgres'
  ? postgresDatabase({ connectionString: process.env.BENCH_DATABASE_URL, schema: process.env.BENCH_SCHEMA })
  : sqliteDatabase({ path: process.env.BENCH_FILE, synchronous: 'normal' });
const estimated = defineCollection({ ...itemDeclaration, count: { estimateAbove: 10_000 }, store: database.store() });
const exact = estimated.with({ count: 'exact' });
const api = createApi({ versions: [{ version: 1, collections: [estimated] }, { version: 2, collections: [exact] }], logger: silentLogger, paging: { maxLimit: 100 } });
await api.ready();
const server = api.listen(0, '127.0.0.1');
server.on('listening', () => process.send?.({ port: server.address().port }));
