/**
 * `@corral/rate-limit/testing`: a Redis for tests (its URL, a connection, a key prefix of their
 * own) and the store suite every rate-limit store passes. The suite imports vitest.
 */
export { connectTestRedis, freshRedisPrefix, type TestRedis, testRedisUrl } from './redis-server.js';
export { type BackendUnderTest, rateLimitStoreCases } from './store-cases.js';
