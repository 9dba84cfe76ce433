// Issue 32, item 2: list requests that each ask for something new (an offset past the end, a filter
// value no record has) must not make the process grow. Every cache they pass through (SQLite's
// pages and statements, PostgreSQL's prepared statements) is bounded by entries and by bytes.
// LIST_MEMORY_REQUESTS=200000 (npm run memory:lists) runs the full count.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFlood } from './testing/list-flood.js';
import { demoToken, type MainProcess, startMain } from './testing/start-main.js';

/** Requests after the warm-up: fewer on PostgreSQL, which serves them more slowly (and had no leak to find). */
const requestsOn = (store: 'SQLite' | 'PostgreSQL') =>
  Number(process.env.LIST_MEMORY_REQUESTS || (store === 'SQLite' ? 30_000 : 15_000));
const warmUp = 10_000;
const allowedGrowth = 20 * 1024 * 1024;
/**
 * The JavaScript heap in use after a full collection is the finer measure: what a cache keeps shows
 * there first (before the bounds, about 0.4 KB a URL), where RSS also moves with the allocator.
 */
const allowedHeapGrowth = 5 * 1024 * 1024;
const probe = fileURLToPath(new URL('./testing/rss-probe.ts', import.meta.url));
/**
 * The probe, and a young generation of a fixed size: V8 grows it with the rate of allocation and
 * then keeps touching more of it, which would pass for growth that has nothing to do with requests.
 */
const nodeOptions = ['--expose-gc', '--min-semi-space-size=16', '--max-semi-space-size=16', '--import', probe];

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'corral-zoo-memory-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const postgres = await serverAvailable();
const schema = freshSchemaName('memory');
afterAll(async () => {
  if (postgres) await dropSchema(schema);
});

/** Distinct list URLs, nearly all of them empty pages: offsets past the end, filters and searches nothing matches. */
function listPath(zooId: string): (n: number) => string {
  const past = (n: number) => 1_000_000 + n;
  const kinds = [
    (n: number) => `/v1/animals?offset=${past(n)}&limit=10`,
    (n: number) => `/v1/zoos?offset=${past(n)}`,
    (n: number) => `/v1/employees?offset=${past(n)}&limit=5`,
    (n: number) => `/v1/animals?zoo_id=none-${n}`,
    (n: number) => `/v1/employees?year_of_birth[gte]=${1900 + (n % 100)}&offset=${past(n)}&limit=3`,
    (n: number) => `/v1/animals?query=zq${n}`,
    (n: number) => `/v1/zoos/${zooId}/animals?offset=${past(n)}`,
    (n: number) => `/v1/customers?offset=${past(n)}`,
  ];
  return (n) => kinds[n % kinds.length]!(n);
}

/** The process's resident set size and JavaScript heap in use after a full garbage collection, as the probe prints them. */
async function memoryOf(main: MainProcess): Promise<{ rss: number; heapUsed: number }> {
  const seen = main.output().length;
  main.child.kill('SIGUSR2');
  for (;;) {
    const found = /rss-probe (\d+) heapTotal \d+ heapUsed (\d+)/.exec(main.output().slice(seen));
    if (found) return { rss: Number(found[1]), heapUsed: Number(found[2]) };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

describe.each([
  ['SQLite', () => ({ DATA_DIR: dataDir }), true],
  ['PostgreSQL', () => ({ DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema }), postgres],
] as const)('memory of the zoo process on %s over distinct list URLs', (label, storage, available) => {
  const requests = requestsOn(label);
  it.runIf(available)(
    `stays within 20 MB of its size (5 MB of heap) after a warm-up, over ${requests} distinct list URLs`,
    async () => {
      const main = startMain({ RATE_LIMIT: '0', ...storage() }, nodeOptions);
      try {
        const origin = await main.origin;
        const token = await demoToken(origin, 'zoo-reader');
        const zoos = await fetch(`${origin}/v1/zoos?limit=1`, { headers: { authorization: `Bearer ${token}` } });
        const zooId = ((await zoos.json()) as { zoos: { id: string }[] }).zoos[0]!.id;
        const pathOf = listPath(zooId);
        const warm = await listFlood(origin, token, { from: 0, count: warmUp, concurrency: 20, pathOf });
        const before = await memoryOf(main);
        const flood = await listFlood(origin, token, { from: warmUp, count: requests, concurrency: 20, pathOf });
        const after = await memoryOf(main);
        console.info(
          `${label}: ${requests} list URLs in ${flood.seconds.toFixed(1)} s; after ${warmUp} to warm up, RSS ${mb(before.rss)} ` +
            `(heap ${mb(before.heapUsed)}), then ${mb(after.rss)} (heap ${mb(after.heapUsed)}): ${mb(after.rss - before.rss)} more`,
        );
        expect([...warm.statuses, ...flood.statuses].filter(([status]) => status !== 200)).toEqual([]);
        expect(after.heapUsed - before.heapUsed).toBeLessThan(allowedHeapGrowth);
        expect(after.rss - before.rss).toBeLessThan(allowedGrowth);
      } finally {
        main.child.kill('SIGTERM');
        await main.exited;
      }
    },
    60_000 + requests * 5,
  );
});
