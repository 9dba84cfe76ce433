import { sqlRateLimits, type SqlRateLimits } from '@corral/sql';
import type { SqliteDatabase } from './database.js';
import { sqliteDialect } from './dialect.js';
import { sqliteDriver } from './driver.js';

/**
 * Rate-limit counters in the API's SQLite file (a `store` for `@corral/rate-limit`'s `rateLimit`):
 * they outlive a restart, and processes sharing the file share them.
 */
export function sqliteRateLimits(database: SqliteDatabase): SqlRateLimits {
  return sqlRateLimits({ driver: sqliteDriver(database), dialect: sqliteDialect });
}
