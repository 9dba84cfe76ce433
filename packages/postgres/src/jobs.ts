import type { JobRecord, JobRequest, JobResult, JobRunner, JobStore } from '@corral/core';
import { finishedStatus, jobDefaults, runJobRequest } from '@corral/core';
import type pg from 'pg';
import type { PostgresDatabase } from './database.js';

/** Settings of {@link postgresJobs}. */
export interface PostgresJobOptions {
  /**
   * How long a worker may hold a job before another takes it over (a crashed process); default 15
   * s, renewed every third of it while the job runs.
   */
  readonly leaseMs?: number;
  /** How long a finished job stays readable; default one hour. */
  readonly keepMs?: number;
  /** How often an idle worker looks for work it was not told about; default 1 s. */
  readonly pollMs?: number;
  /** Jobs waiting or running at most; beyond it a `respond-async` request answers 503. Default 100. */
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
  const leaseMs = options.leaseMs ?? 15_000;
  const keepMs = options.keepMs ?? jobDefaults.keepMs;
  const pollMs = options.pollMs ?? 1000;
  // A cut LISTEN connection is made again soon, whatever the poll interval.
  const relistenMs = Math.min(pollMs, 1000);
  const maxPending = options.maxPending ?? jobDefaults.maxPending;
  const table = `${database.schema}.corral_jobs`;
  const channel = `corral_jobs_${database.schema.slice(1, -1)}`.slice(0, 60);
  let made: Promise<void> | undefined;
  let closed = false;
  let wake: (() => void) | undefined;
  let worker: Promise<void> | undefined;
  let listening: Promise<void> | undefined;
  let stopListening: (() => void) | undefined;

  // A failed setup (the database briefly away) is tried again on the next call rather than remembered.
  const ready = () =>
    (made ??= (async () => {
      await database.atomically(undefined, async (on) => {
        await on.query(`SELECT pg_advisory_xact_lock(hashtext('corral:' || $1))`, [database.schema]);
        await on.query(`CREATE SCHEMA IF NOT EXISTS ${database.schema}`);
        await on.query(
          `CREATE TABLE IF NOT EXISTS ${table} (id uuid PRIMARY KEY, status text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz, scope text, subject text, request jsonb NOT NULL, result jsonb, lease_until timestamptz, attempts integer NOT NULL DEFAULT 0)`,
        );
        await on.query(
          `CREATE INDEX IF NOT EXISTS corral_jobs_waiting ON ${table} (created_at) WHERE status IN ('queued', 'running')`,
        );
        await on.query(
          `CREATE INDEX IF NOT EXISTS corral_jobs_finished ON ${table} (finished_at) WHERE finished_at IS NOT NULL`,
        );
      });
    })().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));

  /**
   * Listens for new jobs on a connection of its own. A dropped connection must not end the process:
   * the worker goes on polling meanwhile, and listening starts again within a second.
   */
  function listen(): void {
    if (!closed) listening = listenOnce();
  }

  async function listenOnce(): Promise<void> {
    let client: pg.PoolClient | undefined;
    let dropped = false;
    // The connection goes once (destroyed, never back to the pool), whichever comes first: its
    // error event, a failed LISTEN, or close(); its error listener stays to swallow later events.
    const drop = (again: boolean) => {
      if (dropped) return;
      dropped = true;
      stopListening = undefined;
      client?.removeAllListeners('notification');
      client?.release(true);
      if (again && !closed) setTimeout(listen, relistenMs).unref();
    };
    try {
      client = await database.pool.connect();
      client.on('error', () => drop(true));
      client.on('notification', () => wake?.());
      await client.query(`LISTEN "${channel}"`);
      if (closed) return drop(false);
      if (dropped) return;
      stopListening = () => drop(false);
      wake?.(); // jobs queued while nobody listened are looked for now
    } catch {
      if (client) drop(true);
      else if (!closed) setTimeout(listen, relistenMs).unref();
    }
  }

  /** Takes the oldest job nobody holds: queued, or running under a lease that ran out. */
  async function claim(): Promise<JobRow | undefined> {
    const result = await database.query<JobRow>(
      database.pool,
      `UPDATE ${table} SET status = 'running', attempts = attempts + 1, lease_until = now() + ($1::integer * interval '1 millisecond')
       WHERE id = (SELECT id FROM ${table} WHERE status IN ('queued', 'running') AND (status = 'queued' OR lease_until < now()) ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT 1)
       RETURNING *`,
      [leaseMs],
    );
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
      const answer = await runJobRequest(run, job.request, {
        ms: leaseMs,
        renew: () =>
          database.query(
            database.pool,
            `UPDATE ${table} SET lease_until = now() + ($2::integer * interval '1 millisecond') WHERE id = $1 AND attempts = $3 AND status = 'running'`,
            [job.id, leaseMs, job.attempts],
          ),
      });
      // Only the holder of this attempt records its answer: a worker whose lease was taken over does not.
      // If the database is briefly away, the lease runs out and the job is run again: it must be safe to repeat.
      await database
        .query(
          database.pool,
          `UPDATE ${table} SET status = $2, result = $3, finished_at = now(), lease_until = NULL WHERE id = $1 AND attempts = $4 AND status = 'running'`,
          [job.id, finishedStatus(answer), JSON.stringify(answer), job.attempts],
        )
        .catch(() => undefined);
      // Expired jobs go a bounded batch at a time, through the index.
      await database
        .query(
          database.pool,
          `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE finished_at IS NOT NULL AND finished_at < now() - ($1::integer * interval '1 millisecond') ORDER BY finished_at LIMIT 100)`,
          [keepMs],
        )
        .catch(() => undefined);
    }
  }

  return {
    async enqueue({ request, scope, subject }) {
      await ready();
      const pending = await database.query(
        database.pool,
        `SELECT count(*)::integer AS n FROM ${table} WHERE status IN ('queued', 'running')`,
      );
      if (Number(pending.rows[0]!.n) >= maxPending) return undefined;
      const inserted = await database.query<JobRow>(
        database.pool,
        `INSERT INTO ${table} (id, status, scope, subject, request) VALUES ($1, 'queued', $2, $3, $4) RETURNING *`,
        [crypto.randomUUID(), scope ?? null, subject ?? null, JSON.stringify(request)],
      );
      // The job is stored: a lost notification only delays it until the next poll.
      await database.pool.query(`SELECT pg_notify($1, '')`, [channel]).catch(() => undefined);
      return recordOf(inserted.rows[0]!);
    },

    async get(id) {
      if (!uuid.test(id)) return undefined;
      await ready();
      const found = await database.query<JobRow>(
        database.pool,
        `SELECT * FROM ${table} WHERE id = $1 AND (finished_at IS NULL OR finished_at >= now() - ($2::integer * interval '1 millisecond'))`,
        [id, keepMs],
      );
      const row = found.rows[0];
      return row ? recordOf(row) : undefined;
    },

    start(run) {
      worker ??= (async () => {
        // The database may be away at first: the worker waits for it rather than giving up for good.
        while (!closed) {
          try {
            await ready();
            break;
          } catch {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, pollMs);
              wake = () => (clearTimeout(timer), resolve());
            });
          }
        }
        listen();
        await work(run);
      })().catch(() => undefined);
    },

    async close() {
      closed = true;
      wake?.();
      await worker;
      await listening;
      stopListening?.();
    },
  };
}
