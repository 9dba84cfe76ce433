export {
  mysqlDatabase,
  MysqlDatabase,
  type MysqlOptions,
  type MysqlTransaction,
  type StatementResult,
} from './database.js';
export type { Queryable } from './connection.js';
export type { MysqlStore, MysqlStoreOptions } from './store.js';
export { mysqlJobs, type MysqlJobOptions } from './jobs.js';
export { mysqlIdempotency } from './idempotency.js';
export { mysqlWebhooks } from './webhooks.js';
export { unreachableError } from './outage.js';
export { mysqlRateLimits } from './rate-limits.js';
