import type { JobStore } from '@corral/core';
import { sqlJobs } from '@corral/sql';
import type { SqliteDatabase } from './database.js';
import { sqliteDialect } from './dialect.js';
import { sqliteDriver } from './driver.js';

/** Settings of {@link sqliteJobs}. */
export interface SqliteJobOptions {
  /** How long a run may hold a job before it counts as crashed and is run again; default 60 s. */
  readonly leaseMs?: number;
  /** How long a finished job stays readable; default one hour. */
  readonly keepMs?: number;
  /** Jobs waiting or running at most; beyond it a `respond-async` request answers 503. Default 100. */
  readonly maxPending?: number;
}

/**
 * Jobs in a table of the API's SQLite file: accepted jobs outlive a restart, and one that was
 * running when the process died is run again once its lease has run out. They run one at a time,
 * in the order accepted; a job that finished is never run again. Every statement goes through the
 * database's gate: issued while a unit of work is open, it would otherwise join that unit.
 */
export function sqliteJobs(database: SqliteDatabase, options: SqliteJobOptions = {}): JobStore {
  const kept = { driver: sqliteDriver(database), dialect: sqliteDialect };
  // Polled once a second for jobs whose run died (another process on the file, or this one's lease).
  return sqlJobs(kept, { ...options, leaseMs: options.leaseMs ?? 60_000, pollMs: 1000 });
}
