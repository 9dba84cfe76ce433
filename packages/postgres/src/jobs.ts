import type { JobStore } from '@corral/core';
import { sqlJobs } from '@corral/sql';
import type { PostgresDatabase } from './database.js';
import { postgresDialect } from './dialect.js';
import { postgresDriver } from './driver.js';
import { notifications } from './notifications.js';

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

/**
 * Jobs in a table of the database, so that a job accepted by one process of the API can be run
 * by any of them, polled on any, and outlives a restart. A worker claims one job at a time with
 * `FOR UPDATE SKIP LOCKED` and holds it under a lease: the job of a worker that died is taken
 * over once the lease runs out, and a job that succeeded is never run again. New jobs wake idle
 * workers through NOTIFY.
 */
export function postgresJobs(database: PostgresDatabase, options: PostgresJobOptions = {}): JobStore {
  const pollMs = options.pollMs ?? 1000;
  const kept = { driver: postgresDriver(database), dialect: postgresDialect(database.schema) };
  return sqlJobs(kept, { ...options, leaseMs: options.leaseMs ?? 15_000, pollMs }, notifications(database, pollMs));
}
