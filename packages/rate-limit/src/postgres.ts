import { CorralError } from '@corral/errors';
import { coalescedHits } from './coalesced-hits.js';
import type { RateLimitCount, RateLimitStore } from './store.js';

/** What a statement returns, as far as the backend reads it. */
export interface PgQueryResult {
  /** The rows the statement returned. */
  rows: unknown[];
}

/** What the PostgreSQL backend needs of a connection pool: a `pg.Pool` (or anything with its `query`). */
export interface PgQueryable {
  /** Runs one statement with its parameters. */
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
}

/** Options of {@link postgresRateLimits}. */
export interface PostgresRateLimitsOptions {
  /**
   * The pool statements run on; shared with the stores is fine (one short statement per check). Not
   * closed by the backend. A `pg.Pool` of your own needs an 'error' listener, or a connection the
   * server ends while idle takes the process down; `@corral/postgres`'s `database.pool` has one.
   */
  readonly pool: PgQueryable;
  /** Schema of the counters' table, made when missing. Default `public`. */
  readonly schema?: string;
  /** Name of the table, made when missing. Default `corral_rate_limits`. */
  readonly table?: string;
}

// The names @corral/postgres accepts (it quotes them), so a zoo's DATABASE_SCHEMA works for both.
const identifier = /^[A-Za-z_][A-Za-z0-9_-]{0,59}$/;

/** unique_violation, duplicate_schema, duplicate_table: what concurrent `CREATE ... IF NOT EXISTS` can raise. */
const lostCreateRace = (error: unknown) =>
  ['23505', '42P06', '42P07'].includes((error as { code?: string }).code ?? '');

/**
 * Counters in a PostgreSQL table, shared by every instance on the database. Each check is one
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`: the row lock makes concurrent checks count one
 * after another, and the window is timed by the database's clock, so instances with skewed clocks agree.
 * Rows of ended windows are deleted now and then.
 */
export function postgresRateLimits(options: PostgresRateLimitsOptions): RateLimitStore {
  const schema = options.schema ?? 'public';
  const table = options.table ?? 'corral_rate_limits';
  for (const name of [schema, table])
    if (!identifier.test(name))
      throw new CorralError(
        'CORRAL_INVALID_TABLE_NAME',
        `postgresRateLimits: ${JSON.stringify(name)} is not a plain SQL identifier`,
      );
  const qualified = `"${schema}"."${table}"`;
  // Several statements in one simple query run as one transaction; the advisory lock keeps two
  // instances starting together from racing on CREATE (which IF NOT EXISTS alone does not prevent).
  // It is the lock @corral/postgres takes per schema, so stores opening the schema wait too.
  //
  // The table is UNLOGGED: a count is never worth a WAL record and a flush to disk, and the row of a
  // busy caller is locked until its check commits, so a durable commit would line every request of
  // that caller up behind the disk. A crash of the server empties the table, which starts every
  // window afresh; a clean restart keeps it. A table made logged by an earlier version is switched.
  const setup = `SELECT pg_advisory_xact_lock(hashtext('corral:"${schema}"')); CREATE SCHEMA IF NOT EXISTS "${schema}";
    CREATE UNLOGGED TABLE IF NOT EXISTS ${qualified} (key text PRIMARY KEY, count integer NOT NULL, ends_at timestamptz NOT NULL);
    DO $corral$ BEGIN
      IF (SELECT relpersistence FROM pg_class WHERE oid = '${qualified}'::regclass) = 'p' THEN
        ALTER TABLE ${qualified} SET UNLOGGED;
      END IF;
    END $corral$`;
  // $3 requests at once (see coalescedHits).
  const hit = `INSERT INTO ${qualified} AS w (key, count, ends_at) VALUES ($1, $3, clock_timestamp() + $2 * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN w.ends_at <= clock_timestamp() THEN $3 ELSE least(w.count, 2000000000) + $3 END,
      ends_at = CASE WHEN w.ends_at <= clock_timestamp() THEN excluded.ends_at ELSE w.ends_at END
    RETURNING count, greatest(0, extract(epoch FROM ends_at - clock_timestamp()) * 1000)::float8 AS reset_ms`;
  const sweep = `DELETE FROM ${qualified} WHERE ends_at < clock_timestamp()`;
  let ready: Promise<unknown> | undefined;
  // Another component (a store opening the same schema) may create the schema at the same moment:
  // IF NOT EXISTS then loses the race with a unique violation, and a second try finds it made.
  const createTable = () =>
    options.pool.query(setup).catch((error: unknown) => {
      if (!lostCreateRace(error)) throw error;
      return options.pool.query(setup);
    });
  let nextSweep = 0;

  const hitMany = async (key: string, windowMs: number, n: number): Promise<RateLimitCount> => {
    // A failed setup is tried again on the next check rather than failing every later one.
    ready ??= createTable().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    await ready;
    if (Date.now() >= nextSweep) {
      nextSweep = Date.now() + 60_000;
      options.pool.query(sweep).catch(() => undefined);
    }
    const { rows } = await options.pool.query(hit, [key, windowMs, n]);
    const row = rows[0] as { count: number; reset_ms: number };
    return { count: row.count, resetMs: row.reset_ms };
  };
  return { hit: coalescedHits(hitMany) };
}
