import {
  quoted,
  type ColumnMap,
  type ColumnStorage,
  type SqlDialect,
  type TableMap,
  type ValueCodec,
} from '@corral/sql';
import { mysqlBookkeeping } from './bookkeeping.js';
import { mysqlKept } from './kept.js';
import { mysqlViolation } from './violation.js';

/** Booleans are 1 and 0 (TINYINT), JSON comes as text (mysql2's `jsonStrings`), text may hold NUL. */
export const mysqlCodec: ValueCodec = { boolean: (value) => (value ? 1 : 0), jsonAsText: true, nulInText: true };

/** The collation of every text column a store makes: code-point order, and 'a' differs from 'a '. */
export const textCollation = 'utf8mb4_nopad_bin';

/** The type a list parameter's items are read as (JSON_TABLE), by storage. */
const itemTypes: Record<ColumnStorage, string> = {
  text: `LONGTEXT CHARACTER SET utf8mb4 COLLATE ${textCollation}`,
  uuid: `LONGTEXT CHARACTER SET utf8mb4 COLLATE ${textCollation}`,
  integer: 'BIGINT',
  real: 'DOUBLE',
  boolean: 'BIGINT',
  json: 'LONGTEXT',
};

/** One JSON array parameter as a relation of its items, so that a list of any length is one statement. */
const items = (placeholder: string, storage: ColumnStorage) =>
  `(SELECT corral_items.v FROM JSON_TABLE(${placeholder}, '$[*]' COLUMNS (v ${itemTypes[storage]} PATH '$')) AS corral_items)`;

/**
 * A column's value as it compares: the column itself, or for text of a table the application owns
 * in another collation (`recollated`), converted so that it compares and sorts by code point too.
 */
function key(column: ColumnMap, recollated: ReadonlySet<string>): string {
  const name = quoted(column.column);
  return recollated.has(column.column) ? `(CONVERT(${name} USING utf8mb4) COLLATE ${textCollation})` : name;
}

/**
 * A column's value as a search reads it: lower-cased text the way core's `searchableText` spells it,
 * compared by code point. Text in a code-point collation is read as it is, as a hand-written query
 * would; other text (and JSON or UUIDs, whatever their column) is converted first.
 */
function searchText(column: ColumnMap, recollated: ReadonlySet<string>): string {
  const name = quoted(column.column);
  switch (column.storage) {
    case 'boolean':
      return `(CASE WHEN ${name} IS NULL THEN NULL WHEN ${name} = 0 THEN 'false' ELSE 'true' END)`;
    case 'integer':
    case 'real':
      return `CAST(${name} AS CHAR)`;
    case 'text':
      // LIKE under a binary collation tells case apart: both sides are folded (the pattern by the engine).
      return `LOWER(${key(column, recollated)})`;
    default:
      return `LOWER(CONVERT(${name} USING utf8mb4) COLLATE ${textCollation})`;
  }
}

/**
 * After an INSERT that left AUTO_INCREMENT ids to the database, `LAST_INSERT_ID()` is the first it
 * gave, and the others follow it `@@auto_increment_increment` apart: one statement's values are
 * consecutive unless `innodb_autoinc_lock_mode` is 2 (interleaved, MySQL 8's default), where the
 * condition for several rows holds for none (the unit then finds another number of rows than it
 * wrote, keeps nothing, and the creates wait for the INSERT's answer instead).
 * An INSERT that gave none (a trigger of the application's set the id) leaves the session's
 * earlier value: `DO LAST_INSERT_ID(0)` before it clears that (AUTO_INCREMENT values start at 1).
 */
const lastInsertIds = {
  clear: 'DO LAST_INSERT_ID(0)',
  where: (column: string, count: number) =>
    count === 1
      ? `${column} = LAST_INSERT_ID()`
      : `${column} BETWEEN LAST_INSERT_ID() AND LAST_INSERT_ID() + ${count - 1} * @@auto_increment_increment AND @@innodb_autoinc_lock_mode < 2`,
};

/**
 * MariaDB's SQL (MySQL 8 reads it too, untested). Sessions run with ANSI_QUOTES, so names are
 * quoted as elsewhere. `recollated`: text columns of a table the application owns whose collation
 * is not binary, compared by code point through a conversion (which no index serves).
 * `uniqueKeys`: the columns of each unique index of the table by name, to name the fields of a
 * taken value (MariaDB names only the index). `autoIncrement`: the AUTO_INCREMENT column of a
 * table the application owns, if any.
 */
export function mysqlDialect(
  uniqueKeys: ReadonlyMap<string, readonly string[]> = new Map(),
  recollated: ReadonlySet<string> = new Set(),
  autoIncrement?: string,
): SqlDialect {
  return {
    packageName: '@corral/mysql',
    can: {
      returningOnUpdate: false,
      writableCte: false,
      revisionInPage: true,
      lateralGroups: false,
      rowLocks: true,
      literalFirstLimit: false,
      skipLocked: true,
      batchedCreates: true,
    },
    bookkeeping: mysqlBookkeeping,
    kept: mysqlKept,
    lockClause: (lock) => (lock === 'share' ? ' LOCK IN SHARE MODE' : ' FOR UPDATE'),
    quote: (name) => quoted(name),
    table: (name) => quoted(name),
    idEquals: (map, placeholder) => `${quoted(map.id.column)} = ${placeholder}`,
    idIn: (map, placeholder) => `${quoted(map.id.column)} IN ${items(placeholder, map.id.storage)}`,
    // Up to 15 digits a key binds as a number; longer ones as BigInt, whole.
    idValue: (map, key) => (map.id.storage !== 'integer' ? key : key.length <= 15 ? Number(key) : BigInt(key)),
    idList: (map, keys) => (map.id.storage === 'integer' ? `[${keys.join(',')}]` : JSON.stringify(keys)),
    generatedIds: (map) => (map.id.column === autoIncrement ? lastInsertIds : undefined),
    // Without a version column the engine digests the row's values (MariaDB keeps no row version).
    rowVersion: (map: TableMap) => (map.version ? quoted(map.version) : undefined),
    violation: (error) => mysqlViolation(error, uniqueKeys),
    codec: mysqlCodec,
    placeholder: (n) => `?${n}`,
    equals: (column, placeholder) =>
      column.storage === 'json'
        ? `JSON_EQUALS(${quoted(column.column)}, ${placeholder})`
        : `${key(column, recollated)} = ${placeholder}`,
    compare: (column, operator, placeholder) => `${key(column, recollated)} ${operator} ${placeholder}`,
    typed: (_column, placeholder) => placeholder,
    differs: (column, placeholder) => `NOT (${key(column, recollated)} <=> ${placeholder})`,
    oneOf: (column, placeholder) => `${key(column, recollated)} IN ${items(placeholder, column.storage)}`,
    list: (values) => JSON.stringify(values, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
    contains: (column, placeholder) => `${searchText(column, recollated)} LIKE ${placeholder} ESCAPE '\\'`,
    sortKey: (column) => key(column, recollated),
    // No NULLS LAST: a term before the key puts NULL last ascending and first descending.
    nulls: () => '',
    nullsBefore: (order, column) =>
      column.notNull ? undefined : `(${quoted(column.column)} IS NULL) ${order === 'asc' ? 'ASC' : 'DESC'}`,
    forColumns: (columns) =>
      mysqlDialect(
        uniqueKeys,
        new Set(
          columns
            .filter((column) => (column as { recollate?: boolean }).recollate === true)
            .map((column) => column.name),
        ),
        columns.find((column) => (column as { autoIncrement?: boolean }).autoIncrement === true)?.name,
      ),
  };
}

/** How a column of a table the application owns stores values, from information_schema's `DATA_TYPE` and `COLUMN_TYPE`. */
export function storageOfMysql(dataType: string, columnType: string, checkedJson: boolean): ColumnStorage | 'other' {
  switch (dataType) {
    case 'varchar':
    case 'char':
    case 'text':
    case 'tinytext':
    case 'mediumtext':
    case 'enum':
      return 'text';
    case 'longtext':
      return checkedJson ? 'json' : 'text';
    case 'json':
      return 'json';
    case 'uuid':
      return 'uuid';
    case 'tinyint':
      return columnType === 'tinyint(1)' ? 'boolean' : 'integer';
    case 'smallint':
    case 'mediumint':
    case 'int':
    case 'bigint':
      return 'integer';
    case 'float':
    case 'double':
    case 'decimal':
      return 'real';
    case 'bit':
      return columnType === 'bit(1)' ? 'boolean' : 'other';
    default:
      return 'other';
  }
}

/** An SQL string literal (the same in every engine; sessions run without backslash escapes). */
export { literal } from '@corral/sql';
