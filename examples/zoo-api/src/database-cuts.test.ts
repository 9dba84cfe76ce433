import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { readWriteLoad, zooWrites } from './testing/read-write-load.js';
import { demoToken, startMain } from './testing/start-main.js';

// The zoo as its own process (a crash is a process exit) on the shared PostgreSQL server, whose
// backends of this process only (found by their application_name) are cut again and again under load.

const available = await serverAvailable();
const schema = freshSchemaName('cuts');
afterAll(async () => {
  if (available) await dropSchema(schema);
});

const cuts = 10;
/** How a cut write is answered (writeOutcomeUnknown, 1034): 503 without Retry-After. */
const outcomeUnknown = 'write 503 - The connection to the database broke after the write was sent';
const cutEveryMs = 300;

describe.runIf(available)('the zoo process while PostgreSQL cuts its connections under load', () => {
  it('stays up, serves every read, answers a cut write only with "outcome unknown", and loses no stored write', async () => {
    const application = `corral-cuts-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const main = startMain({
      DATABASE_URL: `${testDatabaseUrl}?application_name=${application}`,
      DATABASE_SCHEMA: schema,
      RATE_LIMIT: '1000000',
      RATE_LIMIT_WRITES: '1000000',
    });
    let exit: string | undefined;
    void main.exited.then((code) => (exit = `exited with ${code}: ${main.errorOutput().slice(-2000)}`));
    const origin = await main.origin;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const token = await demoToken(origin, 'zoo-admin');
      const load = readWriteLoad(origin, token, {
        readers: 10,
        writers: 10,
        readPath: '/v1/zoos?limit=5',
        write: zooWrites,
      });
      let terminated = 0;
      for (let cut = 0; cut < cuts && !exit; cut++) {
        await new Promise((resolve) => setTimeout(resolve, cutEveryMs));
        const { rows } = await admin.query(
          'SELECT count(*)::integer AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1) cut',
          [application],
        );
        terminated += rows[0].n;
      }
      await new Promise((resolve) => setTimeout(resolve, cutEveryMs));
      const tally = await load.stop();
      console.info(
        `${cuts} cuts, ${terminated} backends terminated; reads ${JSON.stringify([...tally.reads])}, writes ${JSON.stringify([...tally.writes])}, 5xx ${JSON.stringify([...tally.failures])}`,
      );
      expect(exit).toBeUndefined();
      expect(terminated).toBeGreaterThan(cuts);
      expect(tally.unanswered).toBe(0);
      expect([...tally.reads.keys()].filter((status) => status >= 500)).toEqual([]);
      // A cut write answers 503 only with its own code: applied or not, nobody can tell. (What the
      // process logged of its 5xx, with their causes, tells why another one came.)
      const unexpected = [...tally.failures.keys()].filter((label) => !label.startsWith(outcomeUnknown));
      if (unexpected.length > 0)
        console.info(
          main
            .output()
            .split('\n')
            .filter((line) => /request failed/.test(line)),
        );
      expect(unexpected).toEqual([]);
      expect(tally.reads.get(200)).toBeGreaterThan(cuts);
      expect(tally.created.length).toBeGreaterThan(cuts);
      // Every write answered 201 is there.
      const authorization = `Bearer ${token}`;
      for (let start = 0; start < tally.created.length; start += 20) {
        const batch = tally.created.slice(start, start + 20);
        const statuses = await Promise.all(
          batch.map(async (path) => (await fetch(`${origin}${path}`, { headers: { authorization } })).status),
        );
        expect(statuses.filter((status) => status !== 200)).toEqual([]);
      }
    } finally {
      await admin.end();
      main.child.kill('SIGTERM');
      await main.exited;
    }
  }, 60_000);
});
