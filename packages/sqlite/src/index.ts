export { sqliteDatabase, SqliteDatabase, type SqliteOptions } from './database.js';
export type { SqliteStore, SqliteStoreOptions } from './store.js';
export { sqliteJobs, type SqliteJobOptions } from './jobs.js';
export { sqliteIdempotency } from './idempotency.js';
export { sqliteWebhooks } from './webhooks.js';
export { sqliteRateLimits } from './rate-limits.js';
export type { SqliteConnection } from './driver.js';
export type { KeptPage } from './page-cache.js';
export type { BoundedCache, CacheBounds } from '@corral/sql';
