export {
  postgresDatabase,
  PostgresDatabase,
  type PostgresOptions,
  type PostgresTransaction,
  type Queryable,
} from './database.js';
export type { PostgresStore, PostgresStoreOptions } from './store.js';
export { postgresJobs, type PostgresJobOptions } from './jobs.js';
export { postgresIdempotency } from './idempotency.js';
export { postgresWebhooks } from './webhooks.js';
export { unreachableError } from './unreachable.js';
