import { describe, expect, it } from 'vitest';
import { privateClusterPossible, startPrivateCluster } from '@corral/postgres/testing';
import { readWriteLoad, zooWrites } from './testing/read-write-load.js';
import { demoToken, startMain } from './testing/start-main.js';

// The zoo as its own process on a PostgreSQL server of this test's own, which is stopped and
// started again while clients read and write: never the shared server.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How the zoo answers while its database is away (serviceUnavailable, 1033). */
const away = '503 1 The database could not be reached or was busy, and nothing was changed';
/** How it answers a write cut in flight (writeOutcomeUnknown, 1034). */
const outcomeUnknown = 'write 503 - The connection to the database broke after the write was sent';

describe.runIf(privateClusterPossible())('the zoo process while its PostgreSQL server stops and starts again', () => {
  it('answers 503 with Retry-After while the server is away, and serves again without a restart', async () => {
    const cluster = await startPrivateCluster();
    const main = startMain({
      DATABASE_URL: cluster.url,
      DATABASE_SCHEMA: 'zoo',
      RATE_LIMIT: '1000000',
      RATE_LIMIT_WRITES: '1000000',
    });
    let exit: string | undefined;
    void main.exited.then((code) => (exit = `exited with ${code}: ${main.errorOutput().slice(-2000)}`));
    try {
      const origin = await main.origin;
      const token = await demoToken(origin, 'zoo-admin');
      const load = () =>
        readWriteLoad(origin, token, { readers: 5, writers: 5, readPath: '/v1/zoos?limit=5', write: zooWrites });
      const before = load();
      await pause(500);
      await cluster.stop();
      await pause(1000);
      const whileAway = await before.stop();
      await cluster.start();
      // Served again by the same process, within a few seconds of the server's return.
      const back = Date.now();
      let status = 0;
      while (status !== 200 && Date.now() - back < 10_000) {
        status = (await fetch(`${origin}/v1/zoos?limit=1`, { headers: { authorization: `Bearer ${token}` } })).status;
        if (status !== 200) await pause(100);
      }
      const after = load();
      await pause(500);
      const again = await after.stop();
      console.info(
        `away: reads ${JSON.stringify([...whileAway.reads])}, writes ${JSON.stringify([...whileAway.writes])}, 5xx ${JSON.stringify([...whileAway.failures])}; back after ${Date.now() - back} ms: reads ${JSON.stringify([...again.reads])}, writes ${JSON.stringify([...again.writes])}`,
      );
      expect(exit).toBeUndefined();
      expect(status).toBe(200);
      expect(whileAway.unanswered + again.unanswered).toBe(0);
      // While away: 503 with Retry-After (nothing changed), or for a write cut in flight, outcome unknown.
      expect(whileAway.failures.size).toBeGreaterThan(0);
      const labels = [...whileAway.failures.keys()];
      expect(labels.filter((label) => !label.includes(away) && !label.startsWith(outcomeUnknown))).toEqual([]);
      expect(labels.some((label) => label.startsWith(`read ${away}`))).toBe(true);
      // Back: every request served.
      expect([...again.reads.keys()]).toEqual([200]);
      expect([...again.writes.keys()]).toEqual([201]);
      // Nothing answered 201 was lost in the stop.
      for (const path of [...whileAway.created, ...again.created]) {
        const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
        expect(response.status, path).toBe(200);
      }
    } finally {
      main.child.kill('SIGTERM');
      await main.exited;
      await cluster.destroy();
    }
  }, 60_000);
});
