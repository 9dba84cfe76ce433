import type { JobRecord, JobRequest, JobResult, JobRunner, JobStore } from '@corral/core';
import { finishedStatus, jobDefaults, runJobRequest } from '@corral/core';
import type { SqliteDatabase } from './database.js';

/** Settings of {@link sqliteJobs}. */
export interface SqliteJobOptions {
  /** How long a run may hold a job before it counts as crashed and is run again; default 60 s. */
  readonly leaseMs?: number;
  /** How long a finished job stays readable; default one hour. */
  readonly keepMs?: number;
  /** Jobs waiting or running at most; beyond it a `respond-async` request answers 503. Default 100. */
  readonly maxPending?: number;
}

/** Expired jobs deleted per finished job at most: more than one job can add, so the table still shrinks. */
const expireBatch = 100;

/**
 * The statements that find jobs, each served by an index (a table of many finished jobs is never
 * read whole): the oldest job nobody holds, the number waiting, a batch of expired ones.
 */
export const jobStatements = {
  claim: `UPDATE corral_jobs SET status = 'running', attempts = attempts + 1, lease_until = ?
      WHERE id = (SELECT id FROM corral_jobs WHERE status IN ('queued', 'running') AND (status = 'queued' OR lease_until < ?) ORDER BY created_at, rowid LIMIT 1) RETURNING *`,
  pending: `SELECT count(*) AS n FROM corral_jobs WHERE status IN ('queued', 'running')`,
  expire: `DELETE FROM corral_jobs WHERE rowid IN (SELECT rowid FROM corral_jobs WHERE finished_at IS NOT NULL AND finished_at < ? ORDER BY finished_at LIMIT ${expireBatch})`,
};

interface JobRow {
  id: string;
  status: JobRecord['status'];
  created_at: number;
  finished_at: number | null;
  scope: string | null;
  subject: string | null;
  request: string;
  result: string | null;
  attempts: number;
}

function recordOf(row: JobRow): JobRecord {
  return {
    id: row.id,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.finished_at !== null ? { finishedAt: new Date(row.finished_at).toISOString() } : {}),
    scope: row.scope ?? undefined,
    subject: row.subject ?? undefined,
    ...(row.result !== null ? { result: JSON.parse(row.result) as JobResult } : {}),
  };
}

/**
 * Jobs in a table of the API's SQLite file: accepted jobs outlive a restart, and one that was
 * running when the process died is run again once its lease has run out. They run one at a time,
 * in the order accepted; a job that finished is never run again.
 */
export function sqliteJobs(database: SqliteDatabase, options: SqliteJobOptions = {}): JobStore {
  const leaseMs = options.leaseMs ?? 60_000;
  const keepMs = options.keepMs ?? jobDefaults.keepMs;
  const maxPending = options.maxPending ?? jobDefaults.maxPending;
  const connection = database.connection;
  connection.exec(`CREATE TABLE IF NOT EXISTS corral_jobs (id TEXT PRIMARY KEY, status TEXT NOT NULL, created_at INTEGER NOT NULL, finished_at INTEGER, scope TEXT, subject TEXT, request TEXT NOT NULL, result TEXT, lease_until INTEGER, attempts INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX IF NOT EXISTS corral_jobs_waiting ON corral_jobs (created_at) WHERE status IN ('queued', 'running');
    CREATE INDEX IF NOT EXISTS corral_jobs_finished ON corral_jobs (finished_at) WHERE finished_at IS NOT NULL`);
  let runner: JobRunner | undefined;
  let working: Promise<void> | undefined;
  let closed = false;

  // Every statement goes through the database's gate: issued while a unit of work is open, it would
  // otherwise join that unit and be undone with it.
  /** The oldest job nobody holds (queued, or running under a lease that ran out), now held by this run. */
  const claim = () =>
    database.write(
      undefined,
      () => database.statement(jobStatements.claim).get(Date.now() + leaseMs, Date.now()) as JobRow | undefined,
    );

  async function work(): Promise<void> {
    try {
      await new Promise((resolve) => setImmediate(resolve)); // answer the 202 before starting
      for (let job = await claim(); job && runner && !closed; job = await claim()) {
        // A job's statements run on the event loop: let waiting requests through between jobs.
        await new Promise((resolve) => setImmediate(resolve));
        const { id, attempts } = job;
        // The lease is renewed while the job runs, so a long job is not run a second time.
        const answer = await runJobRequest(runner, JSON.parse(job.request) as JobRequest, {
          ms: leaseMs,
          renew: () =>
            database.write(undefined, () =>
              database
                .statement(
                  `UPDATE corral_jobs SET lease_until = ? WHERE id = ? AND attempts = ? AND status = 'running'`,
                )
                .run(Date.now() + leaseMs, id, attempts),
            ),
        });
        await database.write(undefined, () => {
          database
            .statement(
              `UPDATE corral_jobs SET status = ?, result = ?, finished_at = ?, lease_until = NULL WHERE id = ? AND attempts = ? AND status = 'running'`,
            )
            .run(finishedStatus(answer), JSON.stringify(answer), Date.now(), id, attempts);
          // Expired jobs go a bounded batch at a time (through the index), so no step holds the loop long.
          database.statement(jobStatements.expire).run(Date.now() - keepMs);
        });
      }
    } catch {
      // The file is closing or failed: jobs wait for the next start (their leases run out).
    } finally {
      working = undefined;
    }
  }

  return {
    async enqueue({ request, scope, subject }) {
      const row = await database.write(undefined, () => {
        const pending = Number(database.statement(jobStatements.pending).get()!.n);
        if (pending >= maxPending) return undefined;
        return database
          .statement(
            `INSERT INTO corral_jobs (id, status, created_at, scope, subject, request) VALUES (?, 'queued', ?, ?, ?, ?) RETURNING *`,
          )
          .get(
            crypto.randomUUID(),
            Date.now(),
            scope ?? null,
            subject ?? null,
            JSON.stringify(request),
          ) as unknown as JobRow;
      });
      if (!row) return undefined;
      if (runner && !closed) working ??= work();
      return recordOf(row);
    },
    async get(id) {
      const row = database
        .statement('SELECT * FROM corral_jobs WHERE id = ? AND (finished_at IS NULL OR finished_at >= ?)')
        .get(id, Date.now() - keepMs) as JobRow | undefined;
      return row ? recordOf(row) : undefined;
    },
    start(run) {
      runner = run;
      working ??= work();
    },
    async close() {
      closed = true;
      await working;
    },
  };
}
