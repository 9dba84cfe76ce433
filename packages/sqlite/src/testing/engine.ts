import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineDatabase, OwnedTable, SqlTestEngine } from '@corral/sql/testing';
import { sqliteDatabase } from '../database.js';
import { sqliteIdempotency } from '../idempotency.js';
import { sqliteJobs } from '../jobs.js';
import { sqliteRateLimits } from '../rate-limits.js';
import type { SqliteStoreOptions } from '../store.js';
import { sqlHarness } from './sql-harness.js';

/** Tables as an application would have made them with plain SQL, under names of its own. */
const ownedTables = (version: string) => `
  CREATE TABLE creatures (creature_no INTEGER PRIMARY KEY, full_name TEXT NOT NULL, legs INTEGER NOT NULL, kind TEXT NOT NULL, wild BOOLEAN, tags JSON, born TEXT DEFAULT CURRENT_TIMESTAMP${version});
  CREATE TABLE creature_parts (part_id INTEGER PRIMARY KEY, creature_no INTEGER NOT NULL REFERENCES creatures (creature_no) ON DELETE CASCADE, label TEXT NOT NULL);`;

/** SQLite for the shared suites: each database a file of its own in a folder removed afterwards. */
export function sqliteTestEngine(): SqlTestEngine {
  let folder: string | undefined;
  let files = 0;
  const freshFile = (label: string) => {
    folder ??= mkdtempSync(join(tmpdir(), 'corral-sqlite-engine-'));
    return join(folder, `${label}-${++files}.sqlite`);
  };
  return {
    name: 'sqlite',
    cutsConnections: false,
    unavailable: async () => undefined,
    types: { key: 'INTEGER PRIMARY KEY', integer: 'INTEGER' },
    open(): EngineDatabase {
      const path = freshFile('case');
      const database = sqliteDatabase({ path, synchronous: 'normal' });
      const outside = sqlHarness(path);
      return {
        database,
        // The record type is the suite's: its field names are what the column map names.
        store: <T extends object>(options?: OwnedTable) => database.store<T>(options as SqliteStoreOptions<T>),
        jobs: (options) => sqliteJobs(database, options),
        webhooks: (limits) => database.webhooks(limits),
        idempotency: () => sqliteIdempotency(database),
        rateLimits: () => sqliteRateLimits(database),
        ownTables: async (versionColumn) =>
          database.connection.exec(ownedTables(versionColumn ? ', lock_version INTEGER NOT NULL DEFAULT 1' : '')),
        outside: outside.exec,
        outsideRows: outside.rows,
        close: () => database.close(),
      };
    },
    sql: async () => sqlHarness(freshFile('sql')),
    async expand() {
      const database = sqliteDatabase({ path: freshFile('expand') });
      return { store: () => database.store(), close: () => database.close() };
    },
    async cleanUp() {
      if (folder) rmSync(folder, { recursive: true, force: true });
      folder = undefined;
    },
  };
}
