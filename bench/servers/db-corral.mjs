// Corral over SQLite, PostgreSQL or MariaDB for the database benchmark: BENCH_MODE=owned serves the
// hand-made table through the existing-table mapping, `managed` a table Corral made itself. Lists
// may estimate totals as the hand-written peers do. No auth and no access log: the store is measured.
// BENCH_SYNCHRONOUS=full gives SQLite the durability of Corral's default (the write benchmark's).
// BENCH_CHANGE_LOG=off writes no change log (to compare writes with and without it).
import { createApi, defineCollection, silentLogger } from '@corral/core';
import { mysqlDatabase } from '@corral/mysql';
import { postgresDatabase } from '@corral/postgres';
import { sqliteDatabase } from '@corral/sqlite';
import { estimateAbove, itemDeclaration } from './db-items.mjs';

const changeLog = process.env.BENCH_CHANGE_LOG !== 'off';
const database =
  process.env.BENCH_DB === 'mysql'
    ? mysqlDatabase({ connectionString: process.env.BENCH_DATABASE_URL, changeLog })
    : process.env.BENCH_DB === 'postgres'
      ? postgresDatabase({
          connectionString: process.env.BENCH_DATABASE_URL,
          schema: process.env.BENCH_SCHEMA,
          changeLog,
        })
      : sqliteDatabase({
          path: process.env.BENCH_FILE,
          synchronous: process.env.BENCH_SYNCHRONOUS ?? 'normal',
          changeLog,
        });
const store =
  process.env.BENCH_MODE === 'owned' ? database.store({ table: 'items', version: 'version' }) : database.store();
const items = defineCollection({ ...itemDeclaration, count: { estimateAbove }, store });
const api = createApi({ collections: [items], logger: silentLogger, paging: { maxLimit: 100 } });
await api.ready();
const server = api.listen(0, '127.0.0.1');
server.on('listening', () => process.send?.({ port: server.address().port }));
