import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { socketTransport } from '@corral/core/testing';
import { rateLimit } from './plugin.js';
import { postgresRateLimits } from './postgres.js';
import { redisRateLimits } from './redis.js';
import type { RateLimitStore } from './store.js';
import { notesApi } from './testing/notes-api.js';
import { connectTestRedis, freshRedisPrefix } from './testing/redis-server.js';

const postgresUp = await serverAvailable();
const redis = await connectTestRedis();
const schema = freshSchemaName('rl_shared');
const pool = postgresUp ? new pg.Pool({ connectionString: testDatabaseUrl }) : undefined;
afterAll(async () => {
  await pool?.end();
  if (postgresUp) await dropSchema(schema);
  await redis?.close();
});

const redisPrefix = freshRedisPrefix('shared');
/** Each call is another instance's handle on the same counters. */
const backends: [string, boolean, () => RateLimitStore][] = [
  ['PostgreSQL', postgresUp, () => postgresRateLimits({ pool: pool!, schema })],
  ['Redis', redis !== undefined, () => redisRateLimits({ client: redis!, prefix: redisPrefix })],
];

describe.each(backends)('two API instances on one %s backend', (_name, up, makeStore) => {
  it.runIf(up)("share each client's limit: 30 requests at once over both admit exactly 10", async () => {
    const apis = [
      notesApi([rateLimit({ limit: 10, windowSeconds: 60, store: makeStore() })]),
      notesApi([rateLimit({ limit: 10, windowSeconds: 60, store: makeStore() })]),
    ];
    const transports = await Promise.all(apis.map((api) => socketTransport(api)));
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          transports[i % 2]!.send('GET', '/v1/notes', { headers: { authorization: 'Bearer shared-client' } }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
      expect(
        (await transports[1]!.send('GET', '/v1/notes', { headers: { authorization: 'Bearer other-client' } })).status,
      ).toBe(200);
    } finally {
      for (const t of transports) await t.close();
    }
  });
});
