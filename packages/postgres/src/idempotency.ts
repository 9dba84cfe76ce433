import type { IdempotencyStore } from '@corral/core';
import { sqlIdempotency } from '@corral/sql';
import type { PostgresDatabase } from './database.js';
import { postgresDialect } from './dialect.js';
import { postgresDriver } from './driver.js';

/**
 * `Idempotency-Key` claims and answers in a table of the API's schema, shared by every process
 * of the API: of concurrent claims in any processes, exactly one wins.
 */
export function postgresIdempotency(database: PostgresDatabase): IdempotencyStore {
  return sqlIdempotency({ database, driver: postgresDriver(database), dialect: postgresDialect(database.schema) });
}
