import { afterAll, describe } from 'vitest';
import { redisRateLimits } from './redis.js';
import { rateLimitStoreCases } from './testing/store-cases.js';
import { connectTestRedis, freshRedisPrefix } from './testing/redis-server.js';

const clients = [await connectTestRedis(), await connectTestRedis()];
afterAll(async () => {
  for (const client of clients) await client?.close();
});

describe.runIf(clients[0] && clients[1])('redis', () => {
  rateLimitStoreCases('redis', async () => {
    // Two clients (two instances) on one prefix: they share the counters.
    const prefix = freshRedisPrefix('store');
    const stores = [
      redisRateLimits({ client: clients[0]!, prefix }),
      redisRateLimits({ client: clients[1]!, prefix }),
    ] as const;
    let n = 0;
    return {
      stores,
      key: (label) => `${label}-${n++}`,
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    };
  });
});
