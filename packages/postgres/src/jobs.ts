import type { JobRecord, JobRequest, JobResult, JobRunner, JobStore } from '@corral/core';
import type pg from 'pg';
import type { PostgresDatabase } from './database.js';

/** Settings of {@link postgresJobs}. */
export interface PostgresJobOptions {
  /** How long a worker may hold a job before another takes it over (a crashed process); default 60 s. */
  readonly leaseMs?: number;
  /** How long a finished job stays readable; default one hour. */
  readonly keepMs?: number;
  /** How often an idle worker looks for work it was not told about; default 1 s. */
  readonly pollMs?: number;
  /** Jobs waiting or running at most; beyond it `respond-async` is not honoured. Default 100. */
  readonly maxPending?: number;
}

interface JobRow {
  id: string;
  status: JobRecord['status'];
  created_at: Date;
  finished_at: Date | null;
  scope: string | null;
  subject: string | null;
  request: JobRequest;
  result: JobResult | null;
  attempts: number;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function recordOf(row: JobRow): JobRecord {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    ...(row.finished_at ? { finishedAt: row.finished_at.toISOString() } : {}),
    scope: row.scope ?? undefined,
    subject: row.subject ?? undefined,
    ...(row.result ? { result: row.result } : {}),
  };
}

/**
 * Jobs in a table of the database, so that a job accepted by one process of the API can be run
 * by any of them, polled on any, and outlives a restart. A worker claims one job at a time with
 * `FOR UPDATE SKIP LOCKED` and holds it under a lease: the job of a worker that died is taken
 * over once the lease runs out, and a job that succeeded is never run again. New jobs wake idle
 * workers through NOTIFY.
 */
export function postgresJobs(database: PostgresDatabase, options: PostgresJobOptions = {}): JobStore {
  const leaseMs = options.leaseMs ?? 60_000;
  const keepMs = options.keepMs ?? 60 * 60 * 1000;
  const pollMs = options.pollMs ?? 1000;
  const maxPending = options.maxPending ?? 100;
  const table = `${database.schema}.corral_jobs`;
  const channel = `corral_jobs_${database.schema.slice(1, -1)}`.slice(0, 60);
  let made: Promise<void> | undefined;
  let closed = false;
  let wake: (() => void) | undefined;
  let worker: Promise<void> | undefined;
  let listener: pg.PoolClient | undefined;

  // A failed setup (the database briefly away) is tried again on the next call rather than remembered.
  const ready = () => (made ??= (async () => {
    await database.atomically(undefined, async (on) => {
      await on.query(`SELECT pg_advisory_xact_lock(hashtext('corral:' || $1))`, [database.schema]);
      await on.query(`CREATE SCHEMA IF NOT EXISTS ${database.schema}`);
      await on.query(`CREATE TABLE IF NOT EXISTS ${table} (id uuid PRIMARY KEY, status text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz, scope text, subject text, request jsonb NOT NULL, result jsonb, lease_until timestamptz, attempts integer NOT NULL DEFAULT 0)`);
      await on.query(`CREATE INDEX IF NOT EXISTS corral_jobs_waiting ON ${table} (created_at) WHERE status IN ('queued', 'running')`);
    });
  })().catch((error: unknown) => {
    made = undefined;
    throw error;
  }));

  /** Takes the oldest job nobody holds: queued, or running under a lease that ran out. */
  async function claim(): Promise<JobRow | undefined> {
    const result = await database.query<JobRow>(database.pool,
      `UPDATE ${table} SET status = 'running', attempts = attempts + 1, lease_until = now() + ($1::integer * interval '1 millisecond')
       WHERE id = (SELECT id FROM ${table} WHERE status = 'queued' OR (status = 'running' AND lease_until < now()) ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT 1)
       RETURNING *`, [leaseMs]);
    return result.rows[0];
  }

  async function work(run: JobRunner): Promise<void> {
    await ready();
    while (!closed) {
      const job = await claim().catch(() => undefined);
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => (clearTimeout(timer), resolve());
        });
        continue;
      }
      // The lease is renewed while the job runs, so a long job is not taken over by another worker.
      const renew = setInterval(() => {
        void database.query(database.pool, `UPDATE ${table} SET lease_until = now() + ($2::integer * interval '1 millisecond') WHERE id = $1 AND attempts = $3 AND status = 'running'`, [job.id, leaseMs, job.attempts]).catch(() => undefined);
      }, Math.max(10, Math.floor(leaseMs / 3)));
      const answer = await run(job.request)
        .catch(() => ({ status: 500, body: JSON.stringify({ error: 'The job failed unexpectedly' }) }))
        .finally(() => clearInterval(renew));
      // Only the holder of this attempt records its answer: a worker whose lease was taken over does not.
      // If the database is briefly away, the lease runs out and the job is run again: it must be safe to repeat.
      await database.query(database.pool,
        `UPDATE ${table} SET status = $2, result = $3, finished_at = now(), lease_until = NULL WHERE id = $1 AND attempts = $4 AND status = 'running'`,
        [job.id, answer.status < 400 ? 'succeeded' : 'failed', JSON.stringify(answer), job.attempts]).catch(() => undefined);
      await database.query(database.pool, `DELETE FROM ${table} WHERE finished_at < now() - ($1::integer * interval '1 millisecond')`, [keepMs]).catch(() => undefined);
    }
  }

  return {
    async enqueue({ request, scope, subject }) {
      await ready();
      const pending = await database.query(database.pool, `SELECT count(*)::integer AS n FROM ${table} WHERE status IN ('queued', 'running')`);
      if (Number(pending.rows[0]!.n) >= maxPending) return undefined;
      const inserted = await database.query<JobRow>(database.pool,
        `INSERT INTO ${table} (id, status, scope, subject, request) VALUES ($1, 'queued', $2, $3, $4) RETURNING *`,
        [crypto.randomUUID(), scope ?? null, subject ?? null, JSON.stringify(request)]);
      await database.pool.query(`SELECT pg_notify($1, '')`, [channel]);
      return recordOf(inserted.rows[0]!);
    },

    async get(id) {
      if (!uuid.test(id)) return undefined;
      await ready();
      const found = await database.query<JobRow>(database.pool, `SELECT * FROM ${table} WHERE id = $1 AND (finished_at IS NULL OR finished_at >= now() - ($2::integer * interval '1 millisecond'))`, [id, keepMs]);
      const row = found.rows[0];
      return row ? recordOf(row) : undefined;
    },

    start(run) {
      worker ??= (async () => {
        await ready();
        listener = await database.pool.connect();
        // A dropped LISTEN connection must not end the process: the worker goes on polling.
        listener.on('error', (error: Error) => {
          listener?.release(error);
          listener = undefined;
        });
        listener.on('notification', () => wake?.());
        await listener.query(`LISTEN "${channel}"`);
        await work(run);
      })().catch(() => undefined);
    },

    async close() {
      closed = true;
      wake?.();
      await worker;
      if (listener) {
        await listener.query(`UNLISTEN "${channel}"`).catch(() => undefined);
        listener.release();
      }
    },
  };
}
