import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { postgresRateLimits } from './postgres.js';
import { rateLimitStoreCases } from './testing/store-cases.js';

const available = await serverAvailable();
const schema = freshSchemaName('rate_limits');
const pools = available
  ? [
      new pg.Pool({ connectionString: testDatabaseUrl, max: 10 }),
      new pg.Pool({ connectionString: testDatabaseUrl, max: 10 }),
    ]
  : [];
afterAll(async () => {
  for (const pool of pools) await pool.end();
  if (available) await dropSchema(schema);
});

describe.runIf(available)('postgres', () => {
  rateLimitStoreCases('postgres', async () => {
    // Two pools (two instances) on one table; the first checks of both race to make it.
    const stores = [
      postgresRateLimits({ pool: pools[0]!, schema }),
      postgresRateLimits({ pool: pools[1]!, schema }),
    ] as const;
    let n = 0;
    return {
      stores,
      key: (label) => `${label}-${n++}`,
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    };
  });

  it('counts while something else (a store opening) creates the same schema at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const racing = freshSchemaName('rate_race');
      const store = postgresRateLimits({ pool: pools[0]!, schema: racing });
      try {
        // The outside CREATE may lose the race itself; only the counter's answer matters here.
        const outside = pools[1]!.query(`CREATE SCHEMA IF NOT EXISTS "${racing}"`).catch(() => undefined);
        const [, count] = await Promise.all([outside, store.hit('k', 60_000)]);
        expect(count.count).toBe(1);
      } finally {
        await dropSchema(racing);
      }
    }
  });

  it('takes the schema names @corral/postgres takes, hyphens included', async () => {
    const hyphenated = freshSchemaName('rate-limits');
    try {
      expect((await postgresRateLimits({ pool: pools[0]!, schema: hyphenated }).hit('k', 60_000)).count).toBe(1);
    } finally {
      await dropSchema(hyphenated);
    }
  });

  it('refuses names that are not plain identifiers', () => {
    expect(() => postgresRateLimits({ pool: pools[0]!, schema: 'a"; DROP' })).toThrow(/identifier/);
  });
});
