import { afterAll, describe, expect, it, vi } from 'vitest';
import type { JobRequest } from '@corral/core';
import { jobFor, settledJob } from '@corral/core/testing';
import { sqlJobs } from '@corral/sql';
import { postgresDatabase } from './database.js';
import { postgresDialect } from './dialect.js';
import { postgresDriver } from './driver.js';
import { postgresJobs } from './jobs.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});

const job = jobFor;
const settled = settledJob;

/**
 * Jobs as an engine without `UPDATE ... RETURNING` (MariaDB) keeps them: claimed by a unit that
 * locks the job it takes (`SELECT ... FOR UPDATE SKIP LOCKED`, then UPDATE, then a read).
 */
function claimedInUnits(database: ReturnType<typeof postgresDatabase>) {
  const dialect = postgresDialect(database.schema);
  const can = { ...dialect.can, returningOnUpdate: false };
  return sqlJobs({ driver: postgresDriver(database), dialect: { ...dialect, can } }, { leaseMs: 15_000, pollMs: 100 });
}

/** Two processes of one API: two pools on one schema. */
function twoProcesses(options = {}, unitClaims = false) {
  const schema = freshSchemaName('jobs');
  schemas.push(schema);
  const databases = [
    postgresDatabase({ connectionString: testDatabaseUrl, schema }),
    postgresDatabase({ connectionString: testDatabaseUrl, schema }),
  ];
  const jobs = databases.map((database) =>
    unitClaims ? claimedInUnits(database) : postgresJobs(database, { pollMs: 100, ...options }),
  );
  return {
    databases,
    jobs,
    close: async () => {
      for (const j of jobs) await j.close?.();
      for (const d of databases) await d.close();
    },
  };
}

describe.runIf(available)('jobs in PostgreSQL', () => {
  it('listens again after its LISTEN connection was cut, and is told of new jobs on it', async () => {
    const schema = freshSchemaName('listen');
    schemas.push(schema);
    const application = `corral-listen-${process.pid}`;
    const database = postgresDatabase({
      connectionString: `${testDatabaseUrl}?application_name=${application}`,
      schema,
    });
    // Polling so slow that a job run within the test was announced on the LISTEN connection.
    const jobs = postgresJobs(database, { pollMs: 60_000 });
    jobs.start(async () => ({ status: 204 }));
    const admin = postgresDatabase({ connectionString: testDatabaseUrl });
    /** The backends listening for this store's jobs. */
    const listeners = async () =>
      (
        await admin.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%'`,
          [application],
        )
      ).rows.map((row) => row.pid);
    const until = (check: () => Promise<boolean>) =>
      vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 5_000, interval: 50 });
    try {
      await until(async () => (await listeners()).length === 1);
      const [first] = await listeners();
      expect(first).toBeDefined();
      await admin.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [
        application,
      ]);
      // A terminated backend stays in pg_stat_activity for a moment: wait for a listener of another pid.
      const listeningAgain = async () => {
        const pids = await listeners();
        return pids.length === 1 && pids[0] !== first;
      };
      await until(listeningAgain);
      expect(await listeningAgain()).toBe(true);
      const accepted = (await jobs.enqueue(job(1)))!;
      expect(await settled(jobs, accepted.id)).toMatchObject({ status: 'succeeded' });
    } finally {
      await jobs.close?.();
      await database.close();
      await admin.close();
    }
  }, 20_000);

  it('runs a job accepted by one process on another, and both can read how it went', async () => {
    const {
      jobs: [accepting, working],
      close,
    } = twoProcesses();
    const accepted = (await accepting!.enqueue(job(1)))!;
    expect(accepted).toMatchObject({ status: 'queued', scope: 'w', subject: 'ann' });
    working!.start(async (r) => ({ status: 200, body: `{"ran":${r.body}}` }));
    expect(await settled(accepting!, accepted.id)).toMatchObject({
      status: 'succeeded',
      result: { status: 200, body: '{"ran":1}' },
    });
    expect(await working!.get(accepted.id)).toMatchObject({ status: 'succeeded' });
    expect(await accepting!.get('not-a-job')).toBeUndefined();
    await close();
  });

  for (const unitClaims of [false, true])
    it(`runs every job exactly once when two workers share the queue${unitClaims ? ', claimed in units' : ''}`, async () => {
      const {
        jobs: [a, b],
        close,
      } = twoProcesses({}, unitClaims);
      const runs = new Map<string, number>();
      const run = async (r: JobRequest) => {
        runs.set(r.body!, (runs.get(r.body!) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { status: 200 };
      };
      const ids = [];
      for (let n = 0; n < 20; n++) ids.push((await (n % 2 ? a! : b!).enqueue(job(n)))!.id);
      a!.start(run);
      b!.start(run);
      for (const id of ids) await settled(a!, id);
      expect([...runs.values()]).toEqual(Array.from({ length: 20 }, () => 1));
      await close();
    });

  it('keeps queued jobs across a restart, and takes over the job of a worker that died', async () => {
    const {
      databases: [first],
      jobs: [before],
      close,
    } = twoProcesses({ leaseMs: 200 });
    const waiting = (await before!.enqueue(job(1)))!;
    const abandoned = (await before!.enqueue(job(2)))!;
    // A worker that claimed the second job and died: running, its lease already out.
    await first!.pool.query(
      `UPDATE ${first!.schema}.corral_jobs SET status = 'running', attempts = 1, lease_until = now() - interval '1 second' WHERE id = $1`,
      [abandoned.id],
    );
    await close();
    // Both processes stopped; a new one starts on the same schema.
    const database = postgresDatabase({ connectionString: testDatabaseUrl, schema: first!.schema.slice(1, -1) });
    const restarted = postgresJobs(database, { pollMs: 100 });
    restarted.start(async (r) => ({ status: 200, body: `{"ran":${r.body}}` }));
    expect(await settled(restarted, waiting.id)).toMatchObject({ status: 'succeeded', result: { body: '{"ran":1}' } });
    expect(await settled(restarted, abandoned.id)).toMatchObject({
      status: 'succeeded',
      result: { body: '{"ran":2}' },
    });
    await restarted.close?.();
    await database.close();
  });

  it('renews the lease of a long job, so another worker does not run it again', async () => {
    // The job outlives two leases; a lease of a second leaves room for a slow machine's pauses.
    const {
      jobs: [a, b],
      close,
    } = twoProcesses({ leaseMs: 1_000 });
    let runs = 0;
    const slow = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      return { status: 200 };
    };
    const accepted = (await a!.enqueue(job(1)))!;
    a!.start(slow);
    await new Promise((resolve) => setTimeout(resolve, 100));
    b!.start(slow);
    expect(await settled(b!, accepted.id)).toMatchObject({ status: 'succeeded' });
    expect(runs).toBe(1);
    await close();
  });
});
