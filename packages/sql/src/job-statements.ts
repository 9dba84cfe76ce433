import type { SqlDialect } from './sql-dialect.js';

/** Expired jobs deleted per finished job at most: more than one job can add, so the table still shrinks. */
const expireBatch = 100;

/** The statements of the jobs table; `$n` below stands for the dialect's n-th placeholder. */
export interface JobStatements {
  /** The table's name in statements. */
  readonly table: string;
  /** The oldest job nobody holds at $1, locked where others may claim. */
  readonly next: string;
  /** Holds job $1 until $2. */
  readonly take: string;
  /** Every column of job $1. */
  readonly one: string;
  /** `take` of `next`'s job in one statement, returning it. */
  readonly claim: string;
  /** How many jobs wait or run (column `n`). */
  readonly pending: string;
  /** Deletes a bounded batch of jobs finished before $1. */
  readonly expire: string;
  /** A new queued job: $1 id, $2 when, $3 scope, $4 subject, $5 the stored request. */
  readonly insert: string;
  /** Extends the lease of job $1 (attempt $2) to $3. */
  readonly renew: string;
  /** Finishes job $1 (attempt $2) with status $3, result $4, at $5. */
  readonly finish: string;
  /** Job $1 unless it finished before $2. */
  readonly read: string;
}

/**
 * The statements of the jobs table, each served by an index (a table of many finished jobs is
 * never read whole). Times are parameters: the callers' clock, as `KeptSql.moment` stores it.
 */
export function jobStatements(dialect: SqlDialect): JobStatements {
  const p = dialect.placeholder;
  const table = dialect.table('corral_jobs');
  const waiting = `status IN ('queued', 'running')`;
  const lock = dialect.can.skipLocked ? ' FOR UPDATE SKIP LOCKED' : '';
  const held = `id = ${p(1)} AND attempts = ${p(2)} AND status = 'running'`;
  return {
    table,
    /** The oldest job nobody holds: queued, or running under a lease that ran out at $1 (locked where others may claim). */
    next: `SELECT id FROM ${table} WHERE ${waiting} AND (status = 'queued' OR lease_until < ${p(1)}) ORDER BY ${dialect.kept.jobOrder} LIMIT 1${lock}`,
    /** Holds that job until $2 ($1 its id); every column of it back where the engine has UPDATE ... RETURNING. */
    take: `UPDATE ${table} SET status = 'running', attempts = attempts + 1, lease_until = ${p(2)} WHERE id = ${p(1)}`,
    one: `SELECT * FROM ${table} WHERE id = ${p(1)}`,
    /** `take` of `next`'s job in one statement, where UPDATE returns rows; $1 now, $2 the lease's end. */
    claim: `UPDATE ${table} SET status = 'running', attempts = attempts + 1, lease_until = ${p(2)} WHERE id = (SELECT id FROM ${table} WHERE ${waiting} AND (status = 'queued' OR lease_until < ${p(1)}) ORDER BY ${dialect.kept.jobOrder} LIMIT 1${lock}) RETURNING *`,
    pending: `SELECT count(*) AS n FROM ${table} WHERE ${waiting}`,
    expire: `DELETE FROM ${table} WHERE id IN (SELECT id FROM (SELECT id FROM ${table} WHERE finished_at IS NOT NULL AND finished_at < ${p(1)} ORDER BY finished_at LIMIT ${expireBatch}) AS old)`,
    insert: `INSERT INTO ${table} (id, status, created_at, scope, subject, request) VALUES (${p(1)}, 'queued', ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)})`,
    renew: `UPDATE ${table} SET lease_until = ${p(3)} WHERE ${held}`,
    finish: `UPDATE ${table} SET status = ${p(3)}, result = ${p(4)}, finished_at = ${p(5)}, lease_until = NULL WHERE ${held}`,
    read: `SELECT * FROM ${table} WHERE id = ${p(1)} AND (finished_at IS NULL OR finished_at >= ${p(2)})`,
  };
}
