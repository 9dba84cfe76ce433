import type { IdempotencyStore } from '@corral/core';
import { sqlIdempotency } from '@corral/sql';
import type { SqliteDatabase } from './database.js';
import { sqliteDialect } from './dialect.js';
import { sqliteDriver } from './driver.js';

/**
 * `Idempotency-Key` claims and answers in a table of the API's SQLite file: they outlive a
 * restart, and processes sharing the file share them.
 */
export function sqliteIdempotency(database: SqliteDatabase): IdempotencyStore {
  return sqlIdempotency({ database, driver: sqliteDriver(database), dialect: sqliteDialect });
}
