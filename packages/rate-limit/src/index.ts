export { rateLimit, type RateLimitOptions } from './plugin.js';
export type { RateLimitPolicy, RateLimitDecision, CheckedPolicy } from './policy.js';
export type { RateLimitStore, RateLimitCount } from './store.js';
export { memoryRateLimits, type MemoryRateLimitsOptions } from './memory.js';
export {
  postgresRateLimits,
  type PostgresRateLimitsOptions,
  type PgQueryable,
  type PgQueryResult,
} from './postgres.js';
export { redisRateLimits, type RedisRateLimitsOptions, type RedisCommander } from './redis.js';
export { rateLimitHeaderDocs, limitedRouteDocs } from './route-docs.js';
export { limitNodeHandler, type NodeLimitOptions, type NodeListener } from './node-handler.js';
export { rateLimitStartupCodes } from './startup-codes.js';
