import type { Queryable } from './database.js';

/**
 * Each collection's revision and live count, kept in a few rows (shards) rather than one: a write
 * adds to the shard of its connection, so writers of one collection seldom wait on one another and
 * never fail for it. Readers sum the shards in the statement that reads their page (one snapshot).
 * The sum of committed additions only grows, so an equal sum means the same set of writes.
 */
export const counterShards = 16;

/** The counters table of a schema. */
const countsOf = (schema: string) => `${schema}.corral_counts`;

/** The setting by which the store gives each of its connections a shard of its own (shard-hint.ts). */
export const shardSetting = 'corral.shard';

/**
 * The shard a write of this connection adds to: the one the store gave it, or else (another
 * program's connection) one taken from its backend's pid. One connection's writes always land on
 * the same row.
 */
const myShard = `coalesce(nullif(current_setting('${shardSetting}', true), '')::smallint, pg_backend_pid() % ${counterShards})`;

/** Makes the counters table, and brings in the single revision rows of the earlier releases (once). */
export async function prepareCounters(on: Queryable, schema: string): Promise<void> {
  await on.query(
    `CREATE TABLE IF NOT EXISTS ${countsOf(schema)} (collection text NOT NULL, shard smallint NOT NULL, revision bigint NOT NULL DEFAULT 0, live bigint, PRIMARY KEY (collection, shard))`,
  );
  const earlier = await on.query(`SELECT to_regclass($1) IS NOT NULL AS found`, [`${schema}.corral_revisions`]);
  // Shard 0 takes over the old row (revisions go on from where they were); done once per collection.
  if (earlier.rows[0]!.found)
    await on.query(
      `INSERT INTO ${countsOf(schema)} (collection, shard, revision, live) SELECT collection, 0, revision, live FROM ${schema}.corral_revisions ON CONFLICT DO NOTHING`,
    );
  // Pages read these rows on every list: the planner needs statistics for them from the start.
  await on.query(`ANALYZE ${countsOf(schema)}`);
}

/**
 * Makes every shard row of a collection, so that writes only ever update rows that exist and a bulk
 * write can lock them all. `live` starts at 0 where the store keeps the live count (its own tables).
 */
export async function prepareShards(on: Queryable, schema: string, collection: string, live: boolean): Promise<void> {
  await on.query(seedShards(schema, '$1', live), [collection]);
}

/**
 * The statement of {@link prepareShards}; `collection` is a placeholder. Only missing rows are
 * inserted: the check is a plain read, where a conflict on a row that a unit of work has updated
 * would wait for that unit to end (and a start beside a long unit with it).
 */
export function seedShards(schema: string, collection: string, live: boolean): string {
  return `INSERT INTO ${countsOf(schema)} (collection, shard, revision, live) SELECT ${collection}, s.shard, 0, ${live ? '0' : 'NULL'} FROM generate_series(0, ${counterShards - 1}) AS s(shard)
    WHERE NOT EXISTS (SELECT 1 FROM ${countsOf(schema)} AS c WHERE c.collection = ${collection} AND c.shard = s.shard) ON CONFLICT DO NOTHING`;
}

/**
 * A statement adding one write, and `live` records to the live count, to this connection's shard.
 * `tail` (FROM, WHERE or HAVING) decides whether there was a write: without a row, nothing is added.
 * A live count that is not kept (NULL: a table the application owns) stays NULL.
 */
export function addWrite(schema: string, collection: string, live: string, tail = ''): string {
  return `INSERT INTO ${countsOf(schema)} AS c (collection, shard, revision, live) SELECT ${collection}, ${myShard}, 1, ${live} ${tail} ON CONFLICT (collection, shard) DO UPDATE SET revision = c.revision + 1, live = c.live + EXCLUDED.live`;
}

/**
 * A query giving the collection's revision (with `live`: an array of it and the live count), for a
 * scalar subquery in a page's statement; `collection` is its parameter.
 */
export function countsQuery(schema: string, collection: string, live: boolean): string {
  const read = live ? 'ARRAY[sum(revision), sum(live)]::bigint[]' : 'sum(revision)::bigint';
  return `SELECT ${read} FROM ${countsOf(schema)} WHERE collection = ${collection}`;
}

/** Reads the revision and live count (`collection` is a placeholder). */
export function revisionQuery(schema: string, collection: string): string {
  return `SELECT sum(revision)::bigint AS revision, sum(live)::bigint AS live FROM ${countsOf(schema)} WHERE collection = ${collection}`;
}

/**
 * Locks the collection's shards (in shard order) and reads the revision and live count they add
 * up to: no write of the collection can commit until the caller's transaction ends. Taken after
 * the record rows.
 */
export function lockedRevisionQuery(schema: string, collection: string): string {
  return `SELECT sum(revision)::bigint AS revision, sum(live)::bigint AS live FROM (SELECT revision, live FROM ${countsOf(schema)} WHERE collection = ${collection} ORDER BY shard FOR UPDATE) AS shards`;
}

/**
 * The comment that begins the statements by which the store writes its own tables and counts the
 * write in the same statement (a CTE, like a write of a table the application owns). Their
 * triggers stand aside for such a statement, and count everything else: other programs' SQL, the
 * application's own SQL on the store's pool, and rows a foreign key deletes in cascade (their
 * statement runs inside a trigger, so at a trigger depth above 0).
 */
export const ownStatementMark = '/* corral: counted */ ';
/** The WHEN of the counting triggers of the store's own tables. */
export const countedByTrigger = `NOT coalesce(starts_with(current_query(), '${ownStatementMark}') AND pg_trigger_depth() = 0, false)`;

/** The trigger bodies of the store's own tables: each statement counts once, from its transition table. */
export function counterTriggers(schema: string): Record<string, string> {
  const count = (sign: string) =>
    addWrite(schema, 'TG_ARGV[0]', `${sign}count(*)`, 'FROM changed_rows HAVING count(*) > 0');
  return {
    corral_rows_inserted: `${count('')};`,
    corral_rows_updated: `${addWrite(schema, 'TG_ARGV[0]', '0', 'WHERE EXISTS (SELECT 1 FROM changed_rows)')};`,
    corral_rows_deleted: `INSERT INTO ${schema}.corral_tombstones (collection, id) SELECT TG_ARGV[0], id::text FROM changed_rows ON CONFLICT DO NOTHING;
      ${count('-')};`,
    // Before the rows go (a TRUNCATE has no transition table): their ids become tombstones, as a DELETE's would.
    corral_rows_truncated: `EXECUTE format('INSERT INTO ${schema}.corral_tombstones (collection, id) SELECT $1, id::text FROM %I.%I ON CONFLICT DO NOTHING', TG_TABLE_SCHEMA, TG_TABLE_NAME) USING TG_ARGV[0];
      UPDATE ${countsOf(schema)} SET live = 0 WHERE collection = TG_ARGV[0];
      ${addWrite(schema, 'TG_ARGV[0]', '0')};`,
  };
}

/**
 * Counts the table's rows again when the live count is missing (an earlier release, or a shard
 * without one) or far from the planner's idea of the table, with the table locked against writes
 * (taken only then: the lock waits for every open unit that wrote the table).
 */
export async function recountLive(on: Queryable, schema: string, collection: string, table: string): Promise<void> {
  const kept = await on.query(
    `SELECT count(*) > count(live) AS missing, sum(live)::bigint AS live, (SELECT reltuples FROM pg_class WHERE oid = $2::regclass) AS reltuples FROM ${countsOf(schema)} WHERE collection = $1`,
    [collection, table],
  );
  const { missing, live, reltuples } = kept.rows[0] as { missing: boolean; live: string | null; reltuples: number };
  if (
    missing ||
    live === null ||
    (reltuples >= 0 && Math.abs(Number(live) - reltuples) > Math.max(1000, reltuples * 0.1))
  ) {
    await on.query(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
    await on.query(
      `UPDATE ${countsOf(schema)} SET live = CASE WHEN shard = 0 THEN (SELECT count(*) FROM ${table}) ELSE 0 END WHERE collection = $1`,
      [collection],
    );
  }
}
