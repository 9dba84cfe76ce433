import type { JobRecord, JobRequest, JobResult, JobRunner, JobStore } from '@corral/core';
import type { SqliteDatabase } from './database.js';

/** Settings of {@link sqliteJobs}. */
export interface SqliteJobOptions {
  /** How long a run may hold a job before it counts as crashed and is run again; default 60 s. */
  readonly leaseMs?: number;
  /** How long a finished job stays readable; default one hour. */
  readonly keepMs?: number;
  /** Jobs waiting or running at most; beyond it `respond-async` is not honoured. Default 100. */
  readonly maxPending?: number;
}

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
  const keepMs = options.keepMs ?? 60 * 60 * 1000;
  const maxPending = options.maxPending ?? 100;
  const connection = database.connection;
  connection.exec(`CREATE TABLE IF NOT EXISTS corral_jobs (id TEXT PRIMARY KEY, status TEXT NOT NULL, created_at INTEGER NOT NULL, finished_at INTEGER, scope TEXT, subject TEXT, request TEXT NOT NULL, result TEXT, lease_until INTEGER, attempts INTEGER NOT NULL DEFAULT 0)`);
  let runner: JobRunner | undefined;
  let working: Promise<void> | undefined;
  let closed = false;

  // Every statement goes through the database's gate: issued while a unit of work is open, it would
  // otherwise join that unit and be undone with it.
  /** The oldest job nobody holds (queued, or running under a lease that ran out), now held by this run. */
  const claim = () => database.write(undefined, () =>
    database.statement(`UPDATE corral_jobs SET status = 'running', attempts = attempts + 1, lease_until = ?
      WHERE id = (SELECT id FROM corral_jobs WHERE status = 'queued' OR (status = 'running' AND lease_until < ?) ORDER BY created_at, rowid LIMIT 1) RETURNING *`)
      .get(Date.now() + leaseMs, Date.now()) as JobRow | undefined);

  async function work(): Promise<void> {
    try {
      await new Promise((resolve) => setImmediate(resolve)); // answer the 202 before starting
      for (let job = await claim(); job && runner && !closed; job = await claim()) {
        const { id, attempts } = job;
        // The lease is renewed while the job runs, so a long job is not run a second time.
        const renew = setInterval(() => {
          void database.write(undefined, () => database.statement(`UPDATE corral_jobs SET lease_until = ? WHERE id = ? AND attempts = ? AND status = 'running'`).run(Date.now() + leaseMs, id, attempts)).catch(() => undefined);
        }, Math.max(10, Math.floor(leaseMs / 3)));
        const answer = await runner(JSON.parse(job.request) as JobRequest)
          .catch(() => ({ status: 500, body: JSON.stringify({ error: 'The job failed unexpectedly' }) }))
          .finally(() => clearInterval(renew));
        await database.write(undefined, () => {
          database.statement(`UPDATE corral_jobs SET status = ?, result = ?, finished_at = ?, lease_until = NULL WHERE id = ? AND attempts = ? AND status = 'running'`)
            .run(answer.status < 400 ? 'succeeded' : 'failed', JSON.stringify(answer), Date.now(), id, attempts);
          database.statement('DELETE FROM corral_jobs WHERE finished_at < ?').run(Date.now() - keepMs);
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
        const pending = Number(database.statement(`SELECT count(*) AS n FROM corral_jobs WHERE status IN ('queued', 'running')`).get()!.n);
        if (pending >= maxPending) return undefined;
        return database.statement(`INSERT INTO corral_jobs (id, status, created_at, scope, subject, request) VALUES (?, 'queued', ?, ?, ?, ?) RETURNING *`)
          .get(crypto.randomUUID(), Date.now(), scope ?? null, subject ?? null, JSON.stringify(request)) as unknown as JobRow;
      });
      if (!row) return undefined;
      if (runner && !closed) working ??= work();
      return recordOf(row);
    },
    async get(id) {
      const row = database.statement('SELECT * FROM corral_jobs WHERE id = ? AND (finished_at IS NULL OR finished_at >= ?)').get(id, Date.now() - keepMs) as JobRow | undefined;
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
