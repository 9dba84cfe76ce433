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

  it('keeps counts in an UNLOGGED table, switching a logged one an earlier version made', async () => {
    const persistence = async (name: string) =>
      (
        (await pools[0]!.query(`SELECT relpersistence FROM pg_class WHERE oid = $1::regclass`, [name])).rows[0] as {
          relpersistence: string;
        }
      ).relpersistence;
    const fresh = freshSchemaName('rate_unlogged');
    const earlier = freshSchemaName('rate_logged');
    try {
      expect((await postgresRateLimits({ pool: pools[0]!, schema: fresh }).hit('k', 60_000)).count).toBe(1);
      expect(await persistence(`"${fresh}".corral_rate_limits`)).toBe('u');
      // The table as earlier versions made it, with a count in a window still running.
      await pools[0]!.query(
        `CREATE SCHEMA "${earlier}"; CREATE TABLE "${earlier}".corral_rate_limits (key text PRIMARY KEY, count integer NOT NULL, ends_at timestamptz NOT NULL);
        INSERT INTO "${earlier}".corral_rate_limits VALUES ('k', 7, clock_timestamp() + interval '1 minute')`,
      );
      expect(await persistence(`"${earlier}".corral_rate_limits`)).toBe('p');
      expect((await postgresRateLimits({ pool: pools[1]!, schema: earlier }).hit('k', 60_000)).count).toBe(8);
      expect(await persistence(`"${earlier}".corral_rate_limits`)).toBe('u');
    } finally {
      await dropSchema(fresh);
      await dropSchema(earlier);
    }
  });

  it('refuses names that are not plain identifiers', () => {
    expect(() => postgresRateLimits({ pool: pools[0]!, schema: 'a"; DROP' })).toThrow(/identifier/);
  });
});
