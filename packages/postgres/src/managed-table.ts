import {
  countedFacts,
  definitionOf,
  derivedName,
  diffTable,
  indexMark,
  indexPlan,
  layoutVersion,
  limitsCheck,
  limitsConstraint,
  orphanedRows,
  quoted,
  resolutionSql,
  schemaChangeRefused,
  createUniqueSql,
  sharedKeysRefused,
  sharedKeysSql,
  tableMismatch,
  uniqueMark,
  uniquePlan,
  type ColumnDefinition,
  type ColumnMap,
  type SchemaChange,
  type TableMap,
  type TextMeasure,
} from '@corral/sql';
import { counterTriggers, countedByTrigger, prepareCounters, prepareShards, recountLive } from './counters.js';
import type { Queryable } from './database.js';
import { literal, postgresTypes } from './dialect.js';
import { columnsOf, countRows, indexesOf, tableExists } from './table-info.js';
import { logTriggers, prepareChangeLog } from './change-log-sql.js';
import { createSchemaSql, ensureTrigger, triggersTable } from './ddl.js';

export { layoutVersion };

/** Names of the constraints a store puts on a column, so that it can replace them later. */
const valuesConstraint = (map: TableMap, column: ColumnMap) =>
  quoted(derivedName(map.table, `${column.column}_values`));
const parentConstraint = (map: TableMap, column: ColumnMap) =>
  quoted(derivedName(map.table, `${column.column}_parent`));

function valuesCheck(map: TableMap, column: ColumnMap): string | undefined {
  return column.values
    ? `CONSTRAINT ${valuesConstraint(map, column)} CHECK (${quoted(column.column)} IN (${column.values.map(literal).join(', ')}))`
    : undefined;
}

/**
 * Text as the limits count it: characters, and code units exactly (a character past U+FFFF is two,
 * as zod counts it; PostgreSQL text holds no U+0000).
 */
const measure: TextMeasure = {
  chars: (column) => `char_length(${column})`,
  unitsAtLeast: (column) =>
    `(char_length(${column}) + char_length(regexp_replace(${column}, '[\u0001-\uffff]', '', 'g')))`,
};

/** The condition of a column's limits, on the column or on `value`. */
export const limits = (column: ColumnMap, value?: string) => limitsCheck(column, measure, value);

function limitsClause(map: TableMap, column: ColumnMap): string | undefined {
  const check = limits(column);
  return check ? `CONSTRAINT ${quoted(limitsConstraint(map, column))} CHECK (${check})` : undefined;
}

function parentKey(schema: string, map: TableMap, column: ColumnMap): string | undefined {
  if (!column.references) return undefined;
  const { table, column: key, onDelete } = column.references;
  return `CONSTRAINT ${parentConstraint(map, column)} REFERENCES ${schema}.${quoted(table)} (${quoted(key)}) ON DELETE ${onDelete === 'cascade' ? 'CASCADE' : 'RESTRICT'}`;
}

/** A column's definition in CREATE TABLE or ADD COLUMN: type, NOT NULL, its named value check and foreign key. */
function columnSql(schema: string, map: TableMap, column: ColumnMap): string {
  return [
    quoted(column.column),
    postgresTypes[column.storage],
    column.required ? 'NOT NULL' : undefined,
    valuesCheck(map, column),
    limitsClause(map, column),
    parentKey(schema, map, column),
  ]
    .filter(Boolean)
    .join(' ');
}

/** CREATE TABLE for the declared layout: an identity id (never reused), the version, a column per field. */
export function createTableSql(schema: string, map: TableMap, name = map.table): string {
  const columns = [
    `"id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY`,
    `${quoted(map.version!)} integer NOT NULL DEFAULT 1`,
    ...map.columns.map((column) => columnSql(schema, map, column)),
  ];
  return `CREATE TABLE ${schema}.${quoted(name)} (${columns.join(', ')})`;
}

/**
 * The schema's bookkeeping tables and the trigger functions every table of the store's own uses:
 * revisions and live counts (see counters.ts), tombstones, the layouts written down. The functions work per
 * statement on its transition table, so a bulk write moves the counts once. Gives the type the
 * change log keeps records as.
 */
export async function prepareBookkeeping(on: Queryable, schema: string): Promise<'json' | 'jsonb'> {
  await on.query(createSchemaSql(schema));
  await on.query(
    `CREATE TABLE IF NOT EXISTS ${schema}.corral_tables (collection text PRIMARY KEY, layout integer NOT NULL)`,
  );
  await on.query(
    `ALTER TABLE ${schema}.corral_tables ADD COLUMN IF NOT EXISTS table_name text, ADD COLUMN IF NOT EXISTS definition jsonb`,
  );
  await on.query(
    `CREATE TABLE IF NOT EXISTS ${schema}.corral_tombstones (collection text NOT NULL, id text NOT NULL, PRIMARY KEY (collection, id))`,
  );
  await on.query(triggersTable(schema));
  await prepareCounters(on, schema);
  const records = await prepareChangeLog(on, schema);
  for (const [name, body] of Object.entries(counterTriggers(schema))) {
    await on.query(
      `CREATE OR REPLACE FUNCTION ${schema}.${name}() RETURNS trigger LANGUAGE plpgsql AS $corral$ BEGIN ${body} RETURN NULL; END $corral$`,
    );
  }
  // A row changed by another program (its statement left the version alone) gets a new version.
  await on.query(
    `CREATE OR REPLACE FUNCTION ${schema}.corral_next_version() RETURNS trigger LANGUAGE plpgsql AS $corral$ BEGIN NEW.version := OLD.version + 1; RETURN NEW; END $corral$`,
  );
  return records;
}

/**
 * Triggers that keep the bookkeeping true when another program writes the table (SQL from psql, a
 * script); the store's own writes count themselves in their statements (see `ownStatementMark`).
 */
async function prepareTriggers(on: Queryable, schema: string, map: TableMap): Promise<void> {
  const table = `${schema}.${quoted(map.table)}`;
  const name = (suffix: string) => derivedName(map.table, `corral_${suffix}`);
  const collection = literal(map.collection);
  for (const [event, kind, past] of [
    ['INSERT', 'NEW', 'inserted'],
    ['UPDATE', 'NEW', 'updated'],
    ['DELETE', 'OLD', 'deleted'],
  ] as const) {
    await ensureTrigger(on, schema, table, name(past), [
      `CREATE OR REPLACE TRIGGER ${quoted(name(past))} AFTER ${event} ON ${table} REFERENCING ${kind} TABLE AS changed_rows FOR EACH STATEMENT WHEN (${countedByTrigger}) EXECUTE FUNCTION ${schema}.corral_rows_${past}(${collection})`,
    ]);
  }
  // An earlier release made it AFTER TRUNCATE, which cannot be replaced by a BEFORE one.
  await ensureTrigger(on, schema, table, name('truncated'), [
    `DROP TRIGGER IF EXISTS ${quoted(name('truncated'))} ON ${table}`,
    `CREATE TRIGGER ${quoted(name('truncated'))} BEFORE TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.corral_rows_truncated(${collection})`,
  ]);
  await ensureTrigger(on, schema, table, name('versioned'), [
    `CREATE OR REPLACE TRIGGER ${quoted(name('versioned'))} BEFORE UPDATE ON ${table} FOR EACH ROW WHEN (NEW.${quoted(map.version!)} = OLD.${quoted(map.version!)}) EXECUTE FUNCTION ${schema}.corral_next_version()`,
  ]);
}

/**
 * The indexes the declarations call for, text sorted by code point as lists sort it, and a
 * trigram index on `lower(column)` per searchable text column when pg_trgm can be had; indexes
 * of the store's own that the declarations no longer call for are dropped.
 */
async function prepareIndexes(on: Queryable, schema: string, map: TableMap): Promise<void> {
  const table = `${schema}.${quoted(map.table)}`;
  const plan = indexPlan(map);
  const key = (column: ColumnMap, sorted: boolean) =>
    sorted && column.storage === 'text' ? `(${quoted(column.column)} COLLATE "C")` : quoted(column.column);
  const search = map.searchable.filter((column) => column.storage === 'text');
  const trigrams = search.length > 0 ? await trigramOperators(on) : undefined;
  const searchIndex = (column: ColumnMap) => derivedName(map.table, `${indexMark}search_${column.column}`);
  const unique = uniquePlan(map);
  const wanted = new Set([
    ...plan.map((index) => index.name),
    ...unique.map((index) => index.name),
    ...(trigrams ? search.map(searchIndex) : []),
  ]);
  const existing = await indexesOf(on, schema.slice(1, -1), map.table);
  for (const name of existing) {
    const own = name.startsWith(`${map.table}_${indexMark}`) || name.startsWith(`${map.table}_${uniqueMark}`);
    if (own && !wanted.has(name)) await on.query(`DROP INDEX ${schema}.${quoted(name)}`);
  }
  for (const index of unique) {
    if (existing.includes(index.name)) continue;
    // Rows that already share a value would make CREATE UNIQUE INDEX fail: say which, and how to find them.
    const shared = Number((await on.query(sharedKeysSql(index, table))).rows[0]?.n ?? 0);
    if (shared > 0) throw sharedKeysRefused(map, index, shared, table);
    await on.query(createUniqueSql(index, table));
  }
  for (const index of plan) {
    const keys = [
      ...index.equal.map((column) => key(column, false)),
      ...(index.sorted ? [key(index.sorted, true)] : []),
      '"id"',
    ];
    // Even IF NOT EXISTS locks the table against writes first: only an index that is missing is asked for.
    if (!existing.includes(index.name))
      await on.query(`CREATE INDEX IF NOT EXISTS ${quoted(index.name)} ON ${table} (${keys.join(', ')})`);
  }
  if (trigrams)
    for (const column of search.filter((one) => !existing.includes(searchIndex(one))))
      await on.query(
        `CREATE INDEX IF NOT EXISTS ${quoted(searchIndex(column))} ON ${table} USING gin (lower(${quoted(column.column)}) ${trigrams})`,
      );
}

/**
 * pg_trgm makes substring search use an index; without the right to install it, search still works,
 * by scanning. Its operator class is named with the schema the extension lives in (often one of
 * its own, such as `extensions`, off the search path), or undefined when it cannot be had.
 */
async function trigramOperators(on: Queryable): Promise<string | undefined> {
  const installedIn = async () => (await on.query(trigramSchemaSql)).rows[0] as { schema: string } | undefined;
  const installed = await installedIn();
  if (installed) return `${quoted(installed.schema)}.gin_trgm_ops`;
  try {
    await on.query('SAVEPOINT corral_trgm');
    await on.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await on.query('RELEASE SAVEPOINT corral_trgm');
  } catch {
    await on.query('ROLLBACK TO SAVEPOINT corral_trgm');
    return undefined;
  }
  const made = await installedIn();
  return made && `${quoted(made.schema)}.gin_trgm_ops`;
}

const trigramSchemaSql = `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`;

/** What the store wrote down about its table, with the layout it was made in. */
export async function storedTable(
  on: Queryable,
  schema: string,
  collection: string,
): Promise<{ layout: number; table: string | undefined; columns: ColumnDefinition[] | undefined } | undefined> {
  const result = await on.query(
    `SELECT layout, table_name, definition FROM ${schema}.corral_tables WHERE collection = $1`,
    [collection],
  );
  const row = result.rows[0];
  return row
    ? {
        layout: Number(row.layout),
        table: (row.table_name as string | null) ?? undefined,
        columns: (row.definition as ColumnDefinition[] | null) ?? undefined,
      }
    : undefined;
}

/**
 * Makes the table, or brings it in line with the declarations where nothing can be lost (all in
 * the caller's transaction); stops start-up, naming each change with the SQL that makes it safe,
 * where something could be.
 */
export async function prepareManagedTable(
  on: Queryable,
  schema: string,
  map: TableMap,
  logged: boolean,
): Promise<void> {
  const table = `${schema}.${quoted(map.table)}`;
  if (!(await tableExists(on, schema.slice(1, -1), map.table))) {
    await on.query(createTableSql(schema, map));
  } else {
    const stored = await storedTable(on, schema, map.collection);
    if (!stored?.columns && stored?.layout !== 1) {
      throw tableMismatch(map, [
        `table ${schema.slice(1, -1)}.${map.table} exists but the store did not make it; to serve a table of your own, give the store \`table: '${map.table}'\` (and \`id\`, \`columns\`)`,
      ]);
    }
    const compare = async () =>
      diffTable(
        map,
        await columnsOf(on, schema.slice(1, -1), map.table),
        stored.columns,
        // PostgreSQL gives each storage a type of its own: a change of storage is a change of type, refused there.
        countedFacts((condition) => countRows(on, table, condition), {
          text: (column) => `${column}::text`,
          orphaned: (column) => orphaned(schema, column),
          limits,
        }),
        (storage) => postgresTypes[storage],
      );
    let { safe, refused } = await compare();
    if (safe.length > 0 || refused.length > 0) {
      // No writes from elsewhere between what the comparison finds and the changes it allows. Only
      // then: the lock waits for every open unit that wrote the table, and writers queue behind it.
      await on.query(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
      ({ safe, refused } = await compare());
    }
    if (refused.length > 0) throw schemaChangeRefused(map, refused, (change) => resolution(schema, table, change));
    for (const change of safe)
      for (const sql of alteration(schema, map, change)) await on.query(`ALTER TABLE ${table} ${sql}`);
  }
  await prepareTriggers(on, schema, map);
  await logTriggers(on, schema, map, logged);
  await prepareIndexes(on, schema, map);
  await on.query(
    `INSERT INTO ${schema}.corral_tables (collection, layout, table_name, definition) VALUES ($1, $2, $3, $4)
    ON CONFLICT (collection) DO UPDATE SET layout = EXCLUDED.layout, table_name = EXCLUDED.table_name, definition = EXCLUDED.definition`,
    [map.collection, layoutVersion, map.table, JSON.stringify(map.columns.map(definitionOf))],
  );
  await prepareShards(on, schema, map.collection, true);
  await recountLive(on, schema, map.collection, table);
}

/** The ALTER TABLE actions of a safe change (PostgreSQL changes a table in place). */
function alteration(schema: string, map: TableMap, change: SchemaChange): string[] {
  switch (change.kind) {
    case 'add':
      return [`ADD COLUMN ${columnSql(schema, map, change.column)}`];
    case 'drop':
      return [`DROP COLUMN ${quoted(change.name)}`];
    case 'retype': // only ever on an empty table
      return [`DROP COLUMN ${quoted(change.column.column)}`, `ADD COLUMN ${columnSql(schema, map, change.column)}`];
    case 'require':
      return [`ALTER COLUMN ${quoted(change.column.column)} SET NOT NULL`];
    case 'relax':
      return [`ALTER COLUMN ${quoted(change.column.column)} DROP NOT NULL`];
    case 'values': {
      const check = valuesCheck(map, change.column);
      return [`DROP CONSTRAINT IF EXISTS ${valuesConstraint(map, change.column)}`, ...(check ? [`ADD ${check}`] : [])];
    }
    case 'limits': {
      const check = limitsClause(map, change.column);
      return [
        `DROP CONSTRAINT IF EXISTS ${quoted(limitsConstraint(map, change.column))}`,
        ...(check ? [`ADD ${check}`] : []),
      ];
    }
    case 'reference': {
      const key = parentKey(schema, map, change.column);
      return [
        `DROP CONSTRAINT IF EXISTS ${parentConstraint(map, change.column)}`,
        ...(key
          ? [`ADD ${key.replace('REFERENCES', `FOREIGN KEY (${quoted(change.column.column)}) REFERENCES`)}`]
          : []),
      ];
    }
  }
}

/** The condition under which a row's key names no row of the parent table. */
const orphaned = (schema: string, column: ColumnMap): string =>
  orphanedRows(column, `${schema}.${quoted(column.references!.table)}`);

/** SQL that turns a refused change into one the store makes by itself at the next start. */
function resolution(schema: string, table: string, change: SchemaChange): string {
  return resolutionSql(table, change, {
    type: (storage) => postgresTypes[storage],
    orphaned: (column) => orphaned(schema, column),
    limits,
    retype: (retyped) =>
      `ALTER TABLE ${table} ALTER COLUMN ${quoted(retyped.column.column)} TYPE ${postgresTypes[retyped.column.storage]} USING ${quoted(retyped.column.column)}::${postgresTypes[retyped.column.storage]};`,
  });
}
