/**
 * The SQL of the tables Corral keeps beside the records (jobs, idempotency keys) that differs per
 * engine: their DDL, how a moment is stored, and the upsert. The statements around them are the
 * engine's (`sql-jobs.ts`, `sql-idempotency.ts`).
 */
export interface KeptSql {
  /** Statements, run in one unit, that make the jobs table `corral_jobs` and its indexes when missing. */
  jobsTable(): readonly string[];
  /** The same for the idempotency table `corral_idempotency` (times in it are whole ms). */
  idempotencyTable(): readonly string[];
  /**
   * The same for the webhook tables: `corral_webhooks` (a subscription a row, its delivery state in
   * columns), `corral_webhook_attempts` and `corral_webhook_dead_letters` (`seq` growing per insert).
   */
  webhooksTable(): readonly string[];
  /** A placeholder typed as whole ms, where the statement alone does not say (PostgreSQL's CASE). */
  wholeMs(placeholder: string): string;
  /** Statements that make the rate-limit counters' table `corral_rate_limits` (key, count, ends_at) when missing. */
  rateLimitsTable(): readonly string[];
  /**
   * The counters' two statements where the database spells them its own way (MariaDB: no
   * `ON CONFLICT`, no LIMIT in an IN subquery): `hit` counts a hit of key 1 in a window of ms 2 and
   * returns `count` and `reset_ms`; `sweep` deletes up to `batch` ended windows. Default: the
   * engine's, as SQLite and PostgreSQL write them.
   */
  rateStatements?(table: string, batch: number): RateStatements;
  /** The database's clock as the counters' `ends_at` stores a moment (see `sql-rate-limits.ts`). */
  readonly rateClock: RateClock;
  /** A moment of the callers' clock (ms, with a fraction) as the jobs table's time columns take it. */
  moment(ms: number): unknown;
  /** ORDER BY of waiting jobs: the order accepted, with a tie-break where the clock cannot give one. */
  readonly jobOrder: string;
  /**
   * Inserts a row of `columns` (placeholders 1..n in that order), or where a row with the same
   * `key` exists and `when` (given the name the existing row goes by) holds of it, overwrites
   * every column but the key and sets `cleared` to NULL. Changes no row otherwise. Names come quoted.
   */
  upsertWhen(
    table: string,
    columns: readonly string[],
    key: readonly string[],
    cleared: string,
    when: (existing: string) => string,
  ): string;
}

/** The rate-limit counters' statements as a dialect spells them (see `KeptSql.rateStatements`). */
export interface RateStatements {
  /** Counts a hit of key 1 in a window of ms 2; returns the row's `count` and `reset_ms`. */
  readonly hit: string;
  /** Deletes up to the batch of ended windows. */
  readonly sweep: string;
}

/** Expressions of the database's clock, the same moment throughout one statement. */
export interface RateClock {
  /** Now. */
  readonly now: string;
  /** `ms` (an expression: milliseconds) from now. */
  after(ms: string): string;
  /** Milliseconds (a float, never negative) from now until the moment `at`. */
  msUntil(at: string): string;
}

/** `INSERT ... ON CONFLICT DO UPDATE ... WHERE`, as SQLite and PostgreSQL write it. */
export function onConflictUpsert(placeholder: (n: number) => string): KeptSql['upsertWhen'] {
  return (table, columns, key, cleared, when) => {
    const values = columns.map((_, i) => placeholder(i + 1)).join(', ');
    const set = columns.filter((column) => !key.includes(column)).map((column) => `${column} = excluded.${column}`);
    return `INSERT INTO ${table} AS held (${columns.join(', ')}) VALUES (${values}) ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${[...set, `${cleared} = NULL`].join(', ')} WHERE ${when('held')}`;
  };
}
