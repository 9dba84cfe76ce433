import { derivedName, quoted, type ChangeSql, type TableMap } from '@corral/sql';
import { countedByTrigger } from './counters.js';
import type { Queryable } from './database.js';
import { ensureTrigger } from './ddl.js';
import { literal } from './dialect.js';
import { columnsJson, logJsonOf, logRecordType } from './log-json.js';

/**
 * The change log of a schema, keyed by the writing transaction's id (xid8) and a sequence value:
 * a row per changed record, or per statement of several creates (`ids`, `versions` and a `data`
 * array in the same order, `id` null). Readers deliver rows of transactions older than every one
 * still running (see change-log.ts), so no row every writer updates and no lock every writer takes.
 */
export const changesOf = (schema: string) => `${schema}.corral_changes`;
/** The one row saying up to where the log was pruned (positions before it have expired). */
export const prunedOf = (schema: string) => `${schema}.corral_changes_pruned`;

/**
 * The version of a row a trigger logs: its version column (named by the trigger's third argument),
 * or for a table versioned by `xmin`, this transaction's id as `xmin` gives it.
 */
const triggerVersion = (row: string) =>
  `coalesce((${row}->>TG_ARGV[2])::bigint, (pg_current_xact_id()::xid)::text::bigint)`;

/** The trigger functions that log other programs' writes, per statement, from its transition tables. */
function logFunctions(schema: string): Record<string, string> {
  const into = `INSERT INTO ${changesOf(schema)} (collection, id, kind, version, data, previous)`;
  return {
    corral_log_inserted: `${into} SELECT TG_ARGV[0], r->>TG_ARGV[1], 'created', ${triggerVersion('r')}, r, NULL
      FROM (SELECT to_jsonb(x) AS r FROM new_rows AS x) AS c;`,
    corral_log_updated: `${into} SELECT TG_ARGV[0], n.r->>TG_ARGV[1], 'updated', ${triggerVersion('n.r')}, n.r, o.r
      FROM (SELECT to_jsonb(x) AS r FROM new_rows AS x) AS n LEFT JOIN (SELECT to_jsonb(x) AS r FROM old_rows AS x) AS o
      ON o.r->TG_ARGV[1] = n.r->TG_ARGV[1];`,
    corral_log_deleted: `${into} SELECT TG_ARGV[0], r->>TG_ARGV[1], 'deleted', coalesce((r->>TG_ARGV[2])::bigint, 0), NULL, r
      FROM (SELECT to_jsonb(x) AS r FROM old_rows AS x) AS c;`,
    // Before a TRUNCATE, while its rows can still be read: each is logged as deleted.
    corral_log_truncated: `EXECUTE format($q$${into} SELECT $1, r->>$2, 'deleted', coalesce((r->>$3)::bigint, 0), NULL, r
      FROM (SELECT to_jsonb(x) AS r FROM %I.%I AS x) AS c$q$, TG_TABLE_SCHEMA, TG_TABLE_NAME) USING TG_ARGV[0], TG_ARGV[1], TG_ARGV[2];`,
  };
}

/**
 * Makes the log's tables and trigger functions in the schema (idempotent; in the caller's unit);
 * the type its records are kept as (see log-json.ts).
 */
export async function prepareChangeLog(on: Queryable, schema: string): Promise<'json' | 'jsonb'> {
  // Each backend takes sequence values in blocks: writers do not queue on the sequence.
  await on.query(`CREATE SEQUENCE IF NOT EXISTS ${schema}.corral_change_seq CACHE 32`);
  // The rows' JSON is kept as text (json, not jsonb): it is only ever read back whole, and writing
  // text costs a busy writer about half of what building jsonb does. Where the server has lz4, it
  // compresses the larger rows faster than the default. Logs made with jsonb columns keep them.
  await on.query(
    `DO $corral$ BEGIN IF to_regclass(${literal(changesOf(schema))}) IS NULL THEN
      CREATE TABLE ${changesOf(schema)} (xid xid8 NOT NULL DEFAULT pg_current_xact_id(), seq bigint NOT NULL DEFAULT nextval('${schema}.corral_change_seq'), collection text NOT NULL, id text, kind text NOT NULL, version bigint, at timestamptz NOT NULL DEFAULT now(), data json, previous json, ids text[], versions bigint[], PRIMARY KEY (xid, seq));
      BEGIN ALTER TABLE ${changesOf(schema)} ALTER COLUMN data SET COMPRESSION lz4, ALTER COLUMN previous SET COMPRESSION lz4;
      EXCEPTION WHEN feature_not_supported THEN NULL; END; END IF; END $corral$`,
  );
  // A log made before statements shared rows gains their columns (checked first: ALTER TABLE locks).
  await on.query(
    `DO $corral$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = ${literal(changesOf(schema))}::regclass AND attname = 'ids' AND NOT attisdropped) THEN
      ALTER TABLE ${changesOf(schema)} ADD COLUMN ids text[], ADD COLUMN versions bigint[], ALTER COLUMN id DROP NOT NULL; END IF; END $corral$`,
  );
  await on.query(
    `CREATE TABLE IF NOT EXISTS ${prunedOf(schema)} (one boolean PRIMARY KEY DEFAULT true CHECK (one), xid xid8 NOT NULL, seq bigint NOT NULL)`,
  );
  for (const [name, body] of Object.entries(logFunctions(schema)))
    await on.query(
      `CREATE OR REPLACE FUNCTION ${schema}.${name}() RETURNS trigger LANGUAGE plpgsql AS $corral$ BEGIN ${body} RETURN NULL; END $corral$`,
    );
  return logRecordType(on, schema);
}

/**
 * Adds (or, with `on` false, removes) the triggers that log other programs' writes to a table:
 * statements the store marks as its own log themselves and pass by (see `ownStatementMark`);
 * rows deleted in cascade are logged here (their statement runs at a trigger depth above 0).
 */
export async function logTriggers(db: Queryable, schema: string, map: TableMap, on: boolean): Promise<void> {
  const table = `${schema}.${quoted(map.table)}`;
  const name = (suffix: string) => derivedName(map.table, `corral_log_${suffix}`);
  const args = [map.collection, map.id.column, map.version ?? ''].map(literal).join(', ');
  if (!on) {
    // Only triggers that are there: a table the application owns may not be ours to change.
    const found = await db.query(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname LIKE '%corral_log_%'`,
      [table],
    );
    for (const row of found.rows) await db.query(`DROP TRIGGER ${quoted(row.tgname)} ON ${table}`);
    return;
  }
  await ensureTrigger(db, schema, table, name('truncated'), [
    `CREATE OR REPLACE TRIGGER ${quoted(name('truncated'))} BEFORE TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.corral_log_truncated(${args})`,
  ]);
  for (const [event, past, tables] of [
    ['INSERT', 'inserted', 'NEW TABLE AS new_rows'],
    ['UPDATE', 'updated', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['DELETE', 'deleted', 'OLD TABLE AS old_rows'],
  ] as const) {
    await ensureTrigger(db, schema, table, name(past), [
      `CREATE OR REPLACE TRIGGER ${quoted(name(past))} AFTER ${event} ON ${table} REFERENCING ${tables} FOR EACH STATEMENT WHEN (${countedByTrigger}) EXECUTE FUNCTION ${schema}.corral_log_${past}(${args})`,
    ]);
  }
}

/** How the stores' own statements append to the log: a CTE beside the write (see table-writes.ts). */
export function postgresChangeSql(schema: string): ChangeSql {
  const into = `INSERT INTO ${changesOf(schema)} (collection, id, kind, version, data, previous)`;
  // Built as the log's columns hold records: json text, or jsonb in a log an earlier release made.
  const changes: ChangeSql = {
    appendFrom: (collection, kind, from, parts) =>
      `${into} SELECT ${collection}::text, ${parts.id}::text, '${kind}', ${parts.version}, ${parts.row ?? 'NULL'}, ${parts.previous ?? 'NULL'} FROM ${from}`,
    appendBatchFrom: (collection, kind, from, parts) => {
      const { agg } = logJsonOf(changes);
      return `INSERT INTO ${changesOf(schema)} (collection, kind, ids, versions, data, previous) SELECT ${collection}::text, '${kind}', array_agg(${parts.id}::text), array_agg((${parts.version})::bigint), ${parts.row ? `${agg}(${parts.row})` : 'NULL'}, ${parts.previous ? `${agg}(${parts.previous})` : 'NULL'} FROM ${from} HAVING count(*) > 0`;
    },
    rowJson: (row, columns) => {
      const json = logJsonOf(changes);
      return columns ? columnsJson(json, row, columns) : `${json.row}(${row})`;
    },
    get appendOne() {
      const { type } = logJsonOf(changes);
      return `${into} VALUES ($1, $2, $3, $4, $5::${type}, $6::${type})`;
    },
  };
  return changes;
}
