import { sqlRateLimits, type SqlRateLimits } from '@corral/sql';
import type { MysqlDatabase } from './database.js';
import { mysqlDialect } from './dialect.js';
import { mysqlDriver } from './driver.js';

/**
 * Rate-limit counters in the database (a `store` for `@corral/rate-limit`'s `rateLimit`): they
 * outlive a restart, and processes sharing the database share them.
 */
export function mysqlRateLimits(database: MysqlDatabase): SqlRateLimits {
  return sqlRateLimits({ driver: mysqlDriver(database), dialect: mysqlDialect() });
}
