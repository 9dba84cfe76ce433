import { sqliteKept } from './kept.js';
import { searchableText, type SortOrder } from '@corral/core';
import { quoted, type ColumnMap, type ColumnStorage, type SqlDialect, type ValueCodec } from '@corral/sql';
import { sqliteBookkeeping } from './bookkeeping.js';
import { sqliteViolation } from './violation.js';

/** SQLite has no boolean type (1 and 0), keeps JSON as text, and text may hold NUL. */
export const sqliteCodec: ValueCodec = { boolean: (value) => (value ? 1 : 0), jsonAsText: true, nulInText: true };

/** The functions a connection registers so that searches fold case the JavaScript way. */
export const foldFunction = 'corral_fold';

/**
 * `corral_fold(value, kind)`: a stored value's search text as core defines it (`searchableText`),
 * for SQLite, whose `lower()` and `LIKE` fold ASCII only. Booleans are stored as 1 and 0 and JSON
 * as text, so the kind says how to read them back first.
 */
export function foldValue(value: unknown, kind: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (kind === 'boolean') return value === 1 || value === 1n ? 'true' : 'false';
  if (kind === 'json' && typeof value === 'string') {
    try {
      return searchableText(JSON.parse(value)) ?? null;
    } catch {
      return searchableText(value) ?? null;
    }
  }
  return searchableText(value) ?? null;
}

/**
 * SQLite's WHERE and ORDER BY parts. Text is compared in BINARY collation, which is code-point
 * order for UTF-8. A search of a text column lets `LIKE` (which ignores ASCII case) decide for
 * ASCII-only values (told by their byte length) and calls the fold function only for values holding
 * other characters, so the common case runs in SQLite's own code.
 */
export const sqliteDialect: SqlDialect = {
  packageName: '@corral/sqlite',
  can: {
    returningOnUpdate: true,
    writableCte: false,
    revisionInPage: false,
    lateralGroups: false,
    rowLocks: false,
    literalFirstLimit: false,
    skipLocked: false,
    batchedCreates: false,
  },
  bookkeeping: sqliteBookkeeping,
  kept: sqliteKept,
  quote: (name) => quoted(name),
  table: (name) => quoted(name),
  idEquals: (map, placeholder) => `${quoted(map.id.column)} = ${placeholder}`,
  // One JSON array parameter, so that a list of any length is the same statement.
  idIn: (map, placeholder) => `${quoted(map.id.column)} IN (SELECT value FROM json_each(${placeholder}))`,
  // An integer column holds numbers, not text; up to 15 digits a key binds without making a BigInt.
  idValue: (map, key) => (map.id.storage !== 'integer' ? key : key.length <= 15 ? Number(key) : BigInt(key)),
  // Integer keys are canonical digits (see keyOfId), written as JSON numbers whole: no loss past 2^53.
  idList: (map, keys) => (map.id.storage === 'integer' ? `[${keys.join(',')}]` : JSON.stringify(keys)),
  // Without a version column the engine digests the row's values.
  rowVersion: (map) => (map.version ? quoted(map.version) : undefined),
  violation: sqliteViolation,
  codec: sqliteCodec,
  placeholder: (n) => `?${n}`,
  equals: (column, placeholder) => `${quoted(column.column)} = ${placeholder}`,
  compare: (column, operator, placeholder) => `${quoted(column.column)} ${operator} ${placeholder}`,
  typed: (_column, placeholder) => placeholder,
  differs: (column, placeholder) => `${quoted(column.column)} IS NOT ${placeholder}`,
  // One JSON array parameter, so that a list of any length is the same statement.
  oneOf: (column, placeholder) => `${quoted(column.column)} IN (SELECT value FROM json_each(${placeholder}))`,
  list: (values) => JSON.stringify(values),
  contains(column, placeholder) {
    const name = quoted(column.column);
    if (column.kind === 'string' || column.kind === 'enum') {
      // More bytes than characters: the value holds letters beyond ASCII, which only the fold function folds.
      return `(${name} LIKE ${placeholder} ESCAPE '\\' OR (octet_length(${name}) > length(${name}) AND ${foldFunction}(${name}, 'string') LIKE ${placeholder} ESCAPE '\\'))`;
    }
    return `${foldFunction}(${name}, '${column.kind}') LIKE ${placeholder} ESCAPE '\\'`;
  },
  sortKey: (column) => quoted(column.column),
  // SQLite puts NULL first ascending; the contract wants missing values last (as PostgreSQL does).
  nulls: (order: SortOrder, column: ColumnMap) =>
    column.notNull ? '' : order === 'asc' ? ' NULLS LAST' : ' NULLS FIRST',
};

/** The column type a store gives each storage in the STRICT tables it makes. */
export const sqliteTypes: Record<ColumnStorage, string> = {
  text: 'TEXT',
  uuid: 'TEXT',
  integer: 'INTEGER',
  real: 'REAL',
  boolean: 'INTEGER',
  json: 'TEXT',
};

/**
 * How a column declared with `type` stores values, by SQLite's affinity rules with the common
 * names for booleans and JSON first (SQLite itself would give both numeric affinity).
 */
export function storageOfDeclared(type: string): ColumnStorage | 'other' {
  const upper = type.toUpperCase();
  if (upper.includes('BOOL')) return 'boolean';
  if (upper.includes('JSON')) return 'json';
  if (upper.includes('INT')) return 'integer';
  if (upper.includes('CHAR') || upper.includes('CLOB') || upper.includes('TEXT') || upper.includes('UUID'))
    return 'text';
  if (
    upper.includes('REAL') ||
    upper.includes('FLOA') ||
    upper.includes('DOUB') ||
    upper.includes('NUMERIC') ||
    upper.includes('DECIMAL')
  )
    return 'real';
  return 'other';
}

/** An SQL string literal (the same in every engine). */
export { literal } from '@corral/sql';
