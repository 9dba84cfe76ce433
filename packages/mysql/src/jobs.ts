import type { JobStore } from '@corral/core';
import { sqlJobs } from '@corral/sql';
import type { MysqlDatabase } from './database.js';
import { mysqlDialect } from './dialect.js';
import { mysqlDriver } from './driver.js';

/** Settings of {@link mysqlJobs}. */
export interface MysqlJobOptions {
  /** How long a worker may hold a job before another takes it over (a crashed process); default 15 s. */
  readonly leaseMs?: number;
  /** How long a finished job stays readable; default one hour. */
  readonly keepMs?: number;
  /** Jobs waiting or running at most; beyond it a `respond-async` request answers 503. Default 100. */
  readonly maxPending?: number;
  /** How often workers look for jobs accepted by other processes, in ms; default 1 s. */
  readonly pollMs?: number;
}

/**
 * Jobs in a table of the database: a job accepted by one process can be run by any process
 * sharing the database, and outlives a restart. Claims skip the jobs other workers hold
 * (`FOR UPDATE SKIP LOCKED`, MariaDB 10.6 and later).
 */
export function mysqlJobs(database: MysqlDatabase, options: MysqlJobOptions = {}): JobStore {
  return sqlJobs(
    { driver: mysqlDriver(database), dialect: mysqlDialect() },
    { ...options, leaseMs: options.leaseMs ?? 15_000, pollMs: options.pollMs ?? 1000 },
  );
}
