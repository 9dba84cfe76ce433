import { describe, expect, it } from 'vitest';
import { connectTestRedis, freshRedisPrefix } from '@corral/rate-limit/testing';
import { demoToken, startProcesses, tokenRequest } from './testing/start-main.js';
import { zooPairOnFreshSchema } from './testing/zoo-pair.js';

// Two processes of the zoo on one PostgreSQL schema, with small limits: the quota is the service's, not a process's.

// No tokens up front: the test counts token requests against the token quota.
const pair = await zooPairOnFreshSchema(
  'ratelimit',
  { RATE_LIMIT: '6', RATE_LIMIT_WRITES: '2', RATE_LIMIT_TOKENS: '4', RATE_LIMIT_WINDOW: '600' },
  { tokens: false },
);
/** Each process's embedded server signs with its own key: a token per client and process. */
const tokens: Record<string, string> = {};

describe.runIf(pair.available)('rate limits of two zoo processes on one PostgreSQL database', () => {
  it("share a client's quota: six reads over both processes, then 429 on either, in the error shape with Retry-After and RateLimit", async () => {
    const [a, b] = pair.origins as [string, string];
    // Two real clients of the embedded server, a token from each process (four token requests from one address: the token quota).
    for (const client of ['zoo-reader', 'zoo-admin'])
      for (const origin of pair.origins) tokens[`${client} ${origin}`] = await demoToken(origin, client);
    const read = (origin: string, client: string) =>
      fetch(`${origin}/v1/zoos`, { headers: { authorization: `Bearer ${tokens[`${client} ${origin}`]}` } });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => read(i % 2 ? a : b, 'zoo-reader')));
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(6).fill(200), ...Array(4).fill(429)]);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(refused.headers.get('ratelimit-policy')).toBe('"default";q=6;w=600');
    expect(refused.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(/^Rate limit of 6 requests per 600 s reached/),
    });
    // The other client has its own quota, on either process.
    const other = await read(a, 'zoo-admin');
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit')).toMatch(/^"default";r=5;/);
  });

  it('counts writes apart, with their own smaller quota', async () => {
    const [a, b] = pair.origins as [string, string];
    const create = (origin: string) =>
      fetch(`${origin}/v1/zoos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[`zoo-admin ${origin}`]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Rate Zoo', city: 'Bern' }),
      });
    const statuses = [(await create(a)).status, (await create(b)).status, (await create(a)).status];
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('limits requests without a token by address, and the token endpoint too', async () => {
    const [a, b] = pair.origins as [string, string];
    // Four token requests so far from this address, to both processes: the shared quota of 4 is used up.
    const token = await tokenRequest(b);
    expect(token.status).toBe(429);
    expect(Number(token.headers.get('retry-after'))).toBeGreaterThan(0);
    // In OAuth's shape: clients read `error` as a code.
    expect(await token.json()).toMatchObject({
      error: 'temporarily_unavailable',
      error_description: expect.stringMatching(/Rate limit/),
    });
    const anonymous = await Promise.all(Array.from({ length: 8 }, (_, i) => fetch(`${i % 2 ? a : b}/v1`)));
    expect(anonymous.filter((r) => r.status === 429)).toHaveLength(2);
  });
});

describe('rate limits of two zoo processes on one Redis', async () => {
  const redis = await connectTestRedis();
  await redis?.close();
  it.runIf(redis !== undefined)(
    "share a client's quota when REDIS_URL is set, whatever keeps the records",
    async () => {
      const env = {
        STORE: 'memory',
        REDIS_URL: process.env.CORRAL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: freshRedisPrefix('zoo'),
        LOG_LEVEL: 'silent',
        RATE_LIMIT: '3',
      };
      const onRedis = await startProcesses(env);
      try {
        const { origins } = onRedis;
        const tokensOf = await Promise.all(origins.map((origin) => demoToken(origin, 'zoo-reader')));
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            fetch(`${origins[i % 2]}/v1/zoos`, { headers: { authorization: `Bearer ${tokensOf[i % 2]}` } }),
          ),
        );
        expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
        expect(answers.filter((r) => r.status === 429)).toHaveLength(3);
      } finally {
        await onRedis.stop();
      }
    },
    60_000,
  );
});
