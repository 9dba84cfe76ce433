import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
// The suite every store passes, from core's sources (it is a test file, not part of core's package).
import { storeCases, type Part, type Thing } from '@corral/core/testing';
import { sqliteDatabase, type SqliteDatabase } from './database.js';
import { sqliteDialect } from './dialect.js';
import { SqliteStore, type SqliteStoreOptions } from './store.js';

// The engine's fallbacks for what a dialect lacks, run on SQLite: an engine without RETURNING on
// UPDATE (MariaDB) overwrites in a unit and reads the row back.
let folder: string;
let files = 0;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-fallbacks-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const openFile = () => sqliteDatabase({ path: join(folder, `case-${++files}.sqlite`), synchronous: 'normal' });

/** A store whose dialect says it has no RETURNING on UPDATE. */
function withoutReturningOnUpdate<T extends object>(database: SqliteDatabase, options: SqliteStoreOptions<T> = {}) {
  const store = new SqliteStore<T>(database, options);
  store.dialect = { ...sqliteDialect, can: { ...sqliteDialect.can, returningOnUpdate: false } };
  return store;
}

storeCases('sqlite store without RETURNING on UPDATE (tables it makes)', async () => {
  const database = openFile();
  return {
    things: withoutReturningOnUpdate<Thing>(database),
    parts: withoutReturningOnUpdate<Part>(database),
    close: () => database.close(),
  };
});

storeCases('sqlite store without RETURNING on UPDATE (tables the application owns, a version column)', async () => {
  const database = openFile();
  database.connection.exec(`
    CREATE TABLE creatures (creature_no INTEGER PRIMARY KEY, full_name TEXT NOT NULL, legs INTEGER NOT NULL, kind TEXT NOT NULL, wild BOOLEAN, tags JSON, lock_version INTEGER NOT NULL DEFAULT 1);
    CREATE TABLE creature_parts (part_id INTEGER PRIMARY KEY, creature_no INTEGER NOT NULL REFERENCES creatures (creature_no) ON DELETE CASCADE, label TEXT NOT NULL);`);
  return {
    things: withoutReturningOnUpdate<Thing>(database, {
      table: 'creatures',
      id: 'creature_no',
      columns: { name: 'full_name' },
      version: 'lock_version',
    }),
    parts: withoutReturningOnUpdate<Part>(database, {
      table: 'creature_parts',
      id: 'part_id',
      columns: { thingId: 'creature_no' },
    }),
    close: () => database.close(),
  };
});
