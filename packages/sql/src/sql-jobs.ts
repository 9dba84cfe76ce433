import type { JobRecord, JobRequest, JobResult, JobRunner, JobStore } from '@corral/core';
import { finishedStatus, jobDefaults, runJobRequest } from '@corral/core';
import { jobStatements } from './job-statements.js';
import { keptTable, type KeptOn } from './kept-tables.js';

/** Settings of a job store; the engine package gives the defaults it prefers. */
export interface SqlJobOptions {
  /** How long a run may hold a job before it counts as crashed and is run again. */
  readonly leaseMs: number;
  /** How long a finished job stays readable. */
  readonly keepMs?: number;
  /** How often an idle worker looks for work it was not told about. */
  readonly pollMs: number;
  /** Jobs waiting or running at most; beyond it a `respond-async` request answers 503. */
  readonly maxPending?: number;
}

/** What an engine adds to wake idle workers of other processes (PostgreSQL's LISTEN/NOTIFY). */
export interface JobWakeUps {
  /** Starts listening; `wake` is called when another process announced a job. */
  listen(wake: () => void): void;
  /** Tells the other processes that a job is stored (losing it only delays the job to the next poll). */
  announce(): Promise<void>;
  /** Stops listening. */
  stop(): Promise<void>;
}

type JobRow = Record<string, unknown>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A time column, as the driver gives it: a number of ms, a Date, or text. */
const iso = (value: unknown) => new Date(value as number | string | Date).toISOString();
/** A JSON column: text, or already parsed where the driver does it (PostgreSQL's jsonb). */
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
/** The callers' clock, in ms with a fraction: jobs accepted in one ms keep their order. */
const clock = () => performance.timeOrigin + performance.now();

function recordOf(row: JobRow): JobRecord {
  return {
    id: String(row.id),
    status: row.status as JobRecord['status'],
    createdAt: iso(row.created_at),
    ...(row.finished_at !== null ? { finishedAt: iso(row.finished_at) } : {}),
    scope: (row.scope as string | null) ?? undefined,
    subject: (row.subject as string | null) ?? undefined,
    ...(row.result !== null ? { result: parsed(row.result) as JobResult } : {}),
  };
}

/**
 * Jobs in a table of the database: a job accepted by one process can be run by any process
 * sharing the database, read on any, and outlives a restart. A worker claims one job at a time
 * and holds it under a lease, renewed while it runs: the job of a worker that died is run again
 * once its lease has run out, and one that finished is never run again. Where several processes
 * write at once, claims skip the jobs others hold (`FOR UPDATE SKIP LOCKED`).
 */
export function sqlJobs<C>(kept: KeptOn<C>, options: SqlJobOptions, wakeUps?: JobWakeUps): JobStore {
  const { driver, dialect } = kept;
  const { leaseMs, pollMs } = options;
  const keepMs = options.keepMs ?? jobDefaults.keepMs;
  const maxPending = options.maxPending ?? jobDefaults.maxPending;
  const sql = jobStatements(dialect);
  const at = (ms: number) => dialect.kept.moment(ms);
  const ready = keptTable(kept, dialect.kept.jobsTable());
  const write = <R>(atomic: boolean, body: (on: C) => Promise<R>) => driver.write(undefined, atomic, body);
  let closed = false;
  let wake: (() => void) | undefined;
  let worker: Promise<void> | undefined;

  /** The oldest job nobody holds, now held by this run: one statement, or a unit that locks what it takes. */
  const claim = (): Promise<JobRow | undefined> => {
    const now = clock();
    if (dialect.can.returningOnUpdate)
      return write(
        false,
        async (on) => (await driver.rows(on, sql.claim, [at(now), at(now + leaseMs)], { writes: true }))[0] as JobRow,
      );
    return write(true, async (on) => {
      const [next] = (await driver.rows(on, sql.next, [at(now)])) as JobRow[];
      if (!next) return undefined;
      await driver.run(on, sql.take, [next.id, at(now + leaseMs)]);
      return ((await driver.rows(on, sql.one, [next.id])) as JobRow[])[0];
    });
  };

  /** Waits for the poll interval, or until a new job is announced. */
  const idle = () =>
    new Promise<void>((resolve) => {
      // Unref'd: an idle worker does not keep a process alive on its own.
      const timer = setTimeout(resolve, pollMs);
      timer.unref?.();
      wake = () => (clearTimeout(timer), resolve());
    });

  async function run(job: JobRow, runner: JobRunner): Promise<void> {
    const held = [job.id, job.attempts];
    // The lease is renewed while the job runs, so a long job is not taken over by another run.
    const answer = await runJobRequest(runner, parsed(job.request) as JobRequest, {
      ms: leaseMs,
      renew: () => write(false, async (on) => void (await driver.run(on, sql.renew, [...held, at(clock() + leaseMs)]))),
    });
    // Only the holder of this attempt records its answer. If the database is briefly away, the
    // lease runs out and the job is run again: it must be safe to repeat.
    await write(false, async (on) => {
      const now = clock();
      await driver.run(on, sql.finish, [...held, finishedStatus(answer), JSON.stringify(answer), at(now)]);
      // Expired jobs go a bounded batch at a time, through the index, so no step takes long.
      await driver.run(on, sql.expire, [at(now - keepMs)]);
    }).catch(() => undefined);
  }

  async function work(runner: JobRunner): Promise<void> {
    // The database may be away at first: the worker waits for it rather than giving up for good.
    while (
      !closed &&
      !(await ready().then(
        () => true,
        () => false,
      ))
    )
      await idle();
    wakeUps?.listen(() => wake?.());
    await new Promise((resolve) => setImmediate(resolve)); // answer the 202 before starting
    while (!closed) {
      const job = await claim().catch(() => undefined);
      if (job) await run(job, runner);
      else await idle();
      // A job's statements may run on the event loop (SQLite): let waiting requests through between jobs.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return {
    async enqueue({ request, scope, subject }) {
      await ready();
      const row = await write(true, async (on) => {
        const [counted] = (await driver.rows(on, sql.pending, [])) as JobRow[];
        if (Number(counted!.n) >= maxPending) return undefined;
        const id = crypto.randomUUID();
        await driver.run(on, sql.insert, [id, at(clock()), scope ?? null, subject ?? null, JSON.stringify(request)]);
        return ((await driver.rows(on, sql.one, [id])) as JobRow[])[0];
      });
      if (!row) return undefined;
      wake?.();
      await wakeUps?.announce().catch(() => undefined);
      return recordOf(row);
    },
    async get(id) {
      // Ids are UUIDs: anything else names no job (and would not compare with a uuid column).
      if (!uuid.test(id)) return undefined;
      await ready();
      const [row] = (await driver.rows(driver.readsOn(undefined), sql.read, [id, at(clock() - keepMs)])) as JobRow[];
      return row ? recordOf(row) : undefined;
    },
    start(runner) {
      worker ??= work(runner).catch(() => undefined);
    },
    async close() {
      closed = true;
      wake?.();
      await worker;
      await wakeUps?.stop();
    },
  };
}
