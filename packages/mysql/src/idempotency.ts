import type { IdempotencyStore } from '@corral/core';
import { sqlIdempotency } from '@corral/sql';
import type { MysqlDatabase } from './database.js';
import { mysqlDialect } from './dialect.js';
import { mysqlDriver } from './driver.js';

/** `Idempotency-Key` claims and answers in a table of the database, shared by every process using it. */
export function mysqlIdempotency(database: MysqlDatabase): IdempotencyStore {
  return sqlIdempotency({ database, driver: mysqlDriver(database), dialect: mysqlDialect() });
}
