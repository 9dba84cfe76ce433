import {
  countedFacts,
  createUniqueSql,
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
  sharedKeysRefused,
  sharedKeysSql,
  tableMismatch,
  uniqueMark,
  uniquePlan,
  type ColumnDefinition,
  type ColumnMap,
  type ColumnStorage,
  type SchemaChange,
  type TableMap,
  type TextMeasure,
} from '@corral/sql';
import type { MysqlDatabase, Queryable } from './database.js';
import { literal, textCollation } from './dialect.js';
import { mysqlBookkeeping } from './bookkeeping.js';
import { columnsOf, countRows, indexesOf, tableExists } from './table-info.js';
import { logTriggers } from './triggers.js';
import { runDdl } from './ddl.js';
import { recountIfDue } from './recount.js';

export { layoutVersion };

/** The longest text a column of a store's own table keeps in a VARCHAR (and indexes whole); longer or unbounded text is LONGTEXT. */
const varcharLimit = 255;

/** The type family of each storage, as schema changes compare them (the exact type also depends on the limits). */
export const typeFamily: Record<ColumnStorage, string> = {
  text: 'text',
  uuid: 'text',
  integer: 'bigint',
  real: 'double',
  boolean: 'tinyint',
  json: 'longtext',
};

/** The longest text a column may have to hold, where the declarations bound it. */
function textLength(column: ColumnMap): number | undefined {
  if (column.values) return Math.max(1, ...column.values.map((value) => [...value].length));
  if (column.storage === 'uuid') return 36;
  const max = column.schemaLimits?.maxLength;
  return typeof max === 'number' ? max : undefined;
}

/** The column type of a declared field: text bounded to a short length is a VARCHAR, so that indexes take it whole. */
export function columnType(column: ColumnMap): string {
  switch (column.storage) {
    case 'text':
    case 'uuid': {
      const length = textLength(column);
      return length !== undefined && length <= varcharLimit ? `VARCHAR(${varcharLimit})` : 'LONGTEXT';
    }
    case 'integer':
      return 'BIGINT';
    case 'real':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'json':
      return 'LONGTEXT';
  }
}

/** An index's part for a column: LONGTEXT is indexed by its first characters (the rest is compared in the row). */
function keyPart(column: ColumnMap): string {
  return columnType(column) === 'LONGTEXT' && column.storage !== 'json'
    ? `${quoted(column.column)}(${varcharLimit})`
    : quoted(column.column);
}

/** Text as the limits count it: characters, and UTF-16 units at least (a 4-byte character is two). */
const measure: TextMeasure = {
  chars: (column) => `CHAR_LENGTH(${column})`,
  unitsAtLeast: (column) => `(CHAR_LENGTH(${column}) + (LENGTH(${column}) - CHAR_LENGTH(${column})) DIV 3)`,
};

/** The condition of a column's limits, on the column or on `value`. */
export const limits = (column: ColumnMap, value?: string) => limitsCheck(column, measure, value);

const valuesConstraint = (map: TableMap, column: ColumnMap) => derivedName(map.table, `${column.column}_values`);
const jsonConstraint = (map: TableMap, column: ColumnMap) => derivedName(map.table, `${column.column}_json`);
const parentConstraint = (map: TableMap, column: ColumnMap) => derivedName(map.table, `${column.column}_parent`);

/** A column's checks: enum values, limits, JSON. */
function checks(map: TableMap, column: ColumnMap): string[] {
  const name = quoted(column.column);
  const parts: string[] = [];
  if (column.values)
    parts.push(
      `CONSTRAINT ${quoted(valuesConstraint(map, column))} CHECK (${name} IN (${column.values.map(literal).join(', ')}))`,
    );
  const check = limits(column);
  if (check) parts.push(`CONSTRAINT ${quoted(limitsConstraint(map, column))} CHECK (${check})`);
  if (column.storage === 'json')
    parts.push(`CONSTRAINT ${quoted(jsonConstraint(map, column))} CHECK (JSON_VALID(${name}))`);
  return parts;
}

/** A column's definition (type, NOT NULL); its checks and foreign key are the table's. */
function columnSql(column: ColumnMap): string {
  const collation = column.storage === 'text' || column.storage === 'uuid' ? ` COLLATE ${textCollation}` : '';
  return `${quoted(column.column)} ${columnType(column)}${collation}${column.required ? ' NOT NULL' : ' NULL'}`;
}

/** The foreign key of a column (a delete in cascade is done by the parent's trigger: MariaDB's own cascades fire none). */
function parentKey(map: TableMap, column: ColumnMap): string | undefined {
  if (!column.references) return undefined;
  const { table, column: key, onDelete } = column.references;
  return `CONSTRAINT ${quoted(parentConstraint(map, column))} FOREIGN KEY (${quoted(column.column)}) REFERENCES ${quoted(table)} (${quoted(key)}) ON DELETE ${onDelete === 'cascade' ? 'CASCADE' : 'RESTRICT'}`;
}

/** CREATE TABLE for the declared layout: an AUTO_INCREMENT id (never reused: InnoDB keeps the counter), the version, a column per field. */
export function createTableSql(map: TableMap): string {
  const parts = [
    `"id" BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY`,
    `${quoted(map.version!)} BIGINT NOT NULL DEFAULT 1`,
    ...map.columns.map(columnSql),
    ...map.columns.flatMap((column) => checks(map, column)),
    ...map.columns.map((column) => parentKey(map, column)).filter((part): part is string => part !== undefined),
  ];
  return `CREATE TABLE ${quoted(map.table)} (${parts.join(', ')}) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=${textCollation}`;
}

/** What the store wrote down about its table. */
export async function storedTable(
  database: MysqlDatabase,
  on: Queryable,
  collection: string,
): Promise<{ table: string; columns: ColumnDefinition[] } | undefined> {
  const { rows } = await database.query(on, 'SELECT table_name, definition FROM corral_tables WHERE collection = ?1', [
    collection,
  ]);
  const row = rows[0] as { table_name: string; definition: string } | undefined;
  return row ? { table: row.table_name, columns: JSON.parse(row.definition) as ColumnDefinition[] } : undefined;
}

/** How long a statement that builds an index or rebuilds the table waits for it per try (seconds; see runDdl). */
const rebuildWait = 5;

/**
 * The indexes the declarations call for (text past the VARCHAR limit by its first characters),
 * unique ones included; the store's own that they no longer call for are dropped.
 */
async function prepareIndexes(database: MysqlDatabase, on: Queryable, map: TableMap): Promise<void> {
  const table = quoted(map.table);
  const plan = indexPlan(map);
  const unique = uniquePlan(map);
  const wanted = new Set([...plan, ...unique].map((index) => index.name));
  const existing = await indexesOf(database, on, map.table);
  for (const name of existing.keys()) {
    const own = name.startsWith(`${map.table}_${indexMark}`) || name.startsWith(`${map.table}_${uniqueMark}`);
    if (own && !wanted.has(name)) await runDdl(database, on, `DROP INDEX ${quoted(name)} ON ${table}`);
  }
  for (const index of unique) {
    if (existing.has(index.name)) continue;
    const shared = Number(((await database.query(on, sharedKeysSql(index, table))).rows[0] as { n: unknown }).n ?? 0);
    if (shared > 0) throw sharedKeysRefused(map, index, shared, table);
    await runDdl(database, on, createUniqueSql(index, table), rebuildWait);
  }
  for (const index of plan) {
    if (existing.has(index.name)) continue;
    const keys = [...index.equal, ...(index.sorted ? [index.sorted] : [])].map(keyPart);
    await runDdl(
      database,
      on,
      `CREATE INDEX IF NOT EXISTS ${quoted(index.name)} ON ${table} (${[...keys, '"id"'].join(', ')})`,
      rebuildWait,
    );
  }
}

/**
 * Makes the table, or brings it in line with the declarations where nothing can be lost; stops
 * start-up, naming each change with the SQL that makes it safe, where something could be. DDL is
 * not transactional in MariaDB: each change commits on its own, in an order that leaves the
 * table usable if start-up stops between two.
 */
export async function prepareManagedTable(
  database: MysqlDatabase,
  on: Queryable,
  map: TableMap,
  logged: boolean,
): Promise<void> {
  const table = quoted(map.table);
  if (!(await tableExists(database, on, map.table))) {
    await database.query(on, createTableSql(map));
  } else {
    const stored = await storedTable(database, on, map.collection);
    if (!stored)
      throw tableMismatch(map, [
        `table ${map.table} exists but the store did not make it; to serve a table of your own, give the store \`table: '${map.table}'\` (and \`id\`, \`columns\`)`,
      ]);
    const actual = (await columnsOf(database, on, map.table)).map((column) => ({
      ...column,
      type: column.storage === 'other' ? column.type : typeFamily[column.storage],
    }));
    const { safe, refused } = await diffTable(
      map,
      actual,
      stored.columns,
      countedFacts((condition) => countRows(database, on, table, condition), {
        text: (column) => `CAST(${column} AS CHAR)`,
        orphaned,
        limits,
      }),
      (storage) => typeFamily[storage],
    );
    if (refused.length > 0) throw schemaChangeRefused(map, refused, (change) => resolution(table, change));
    for (const change of safe)
      for (const sql of alteration(map, change)) await runDdl(database, on, `ALTER TABLE ${table} ${sql}`, rebuildWait);
  }
  await logTriggers(database, on, map, logged);
  await prepareIndexes(database, on, map);
  await database.query(
    on,
    `INSERT INTO corral_tables (collection, layout, table_name, definition) VALUES (?1, ?2, ?3, ?4)
    ON DUPLICATE KEY UPDATE layout = VALUES(layout), table_name = VALUES(table_name), definition = VALUES(definition)`,
    [map.collection, layoutVersion, map.table, JSON.stringify(map.columns.map(definitionOf))],
  );
  await database.query(on, mysqlBookkeeping.revisionSeed('?1', true), [map.collection]);
  await recountIfDue(database, on, map);
}

/** The ALTER TABLE actions of a safe change. */
function alteration(map: TableMap, change: SchemaChange): string[] {
  switch (change.kind) {
    case 'add':
      return [
        `ADD COLUMN ${columnSql(change.column)}`,
        ...checks(map, change.column).map((check) => `ADD ${check}`),
        ...(change.column.references ? [`ADD ${parentKey(map, change.column)}`] : []),
      ];
    case 'drop':
      return [`DROP COLUMN ${quoted(change.name)}`];
    case 'retype': // only ever on an empty table
      return [
        `DROP COLUMN ${quoted(change.column.column)}`,
        ...alteration(map, { kind: 'add', column: change.column }),
      ];
    case 'require':
    case 'relax':
      return [`MODIFY COLUMN ${columnSql(change.column)}`];
    case 'values':
      return [
        `DROP CONSTRAINT IF EXISTS ${quoted(valuesConstraint(map, change.column))}`,
        `MODIFY COLUMN ${columnSql(change.column)}`,
        ...checks(map, change.column)
          .filter((check) => check.includes(quoted(valuesConstraint(map, change.column))))
          .map((check) => `ADD ${check}`),
      ];
    case 'limits': {
      const name = quoted(limitsConstraint(map, change.column));
      const check = limits(change.column);
      return [
        `DROP CONSTRAINT IF EXISTS ${name}`,
        `MODIFY COLUMN ${columnSql(change.column)}`,
        ...(check ? [`ADD CONSTRAINT ${name} CHECK (${check})`] : []),
      ];
    }
    case 'reference': {
      const key = parentKey(map, change.column);
      return [
        `DROP FOREIGN KEY IF EXISTS ${quoted(parentConstraint(map, change.column))}`,
        ...(key ? [`ADD ${key}`] : []),
      ];
    }
  }
}

/** The condition under which a row's key names no row of the parent table. */
const orphaned = (column: ColumnMap): string => orphanedRows(column, quoted(column.references!.table));

/** SQL that turns a refused change into one the store makes by itself at the next start. */
function resolution(table: string, change: SchemaChange): string {
  return resolutionSql(table, change, {
    type: (storage) => typeFamily[storage],
    orphaned,
    limits,
    retype: (retyped) =>
      `ALTER TABLE ${table} MODIFY COLUMN ${quoted(retyped.column.column)} ${columnType(retyped.column)};`,
  });
}
