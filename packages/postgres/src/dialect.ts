import { postgresKept } from './kept.js';
import {
  quoted,
  type ColumnMap,
  type ColumnStorage,
  type SqlDialect,
  type TableMap,
  type ValueCodec,
} from '@corral/sql';
import { postgresBookkeeping } from './bookkeeping.js';
import { postgresViolation } from './violation.js';

/** PostgreSQL has booleans, hands jsonb over parsed, and keeps no NUL character in text. */
export const postgresCodec: ValueCodec = { boolean: (value) => value, jsonAsText: false, nulInText: false };

const parameterTypes: Partial<Record<ColumnStorage, string>> = {
  integer: '::bigint',
  real: '::double precision',
  uuid: '::uuid',
  json: '::jsonb',
  boolean: '::boolean',
};

/** The column type a store gives each storage in the tables it makes. */
export const postgresTypes: Record<ColumnStorage, string> = {
  text: 'text',
  uuid: 'uuid',
  integer: 'bigint',
  real: 'double precision',
  boolean: 'boolean',
  json: 'jsonb',
};

/**
 * How text is ordered: by code point, whatever the database's collation ("C"), so every store
 * orders alike. A column of an enum type is ordered by its labels' text, not by their position.
 */
function textKey(column: ColumnMap, enumTyped: boolean): string {
  return enumTyped ? `(${quoted(column.column)}::text COLLATE "C")` : `(${quoted(column.column)} COLLATE "C")`;
}

/**
 * PostgreSQL's SQL for the tables of `schema` (quoted). `enumColumns` are the columns of a table the
 * application owns that have an enum type. A search compares `lower(column)`, the expression a trigram index
 * can serve (the store makes one per searchable column of its own tables); lower() folds case by
 * the database's locale, which under a UTF-8 locale agrees with JavaScript's `toLowerCase` but for
 * a few special letters.
 */
export function postgresDialect(schema: string, enumColumns: ReadonlySet<string> = new Set()): SqlDialect {
  return {
    packageName: '@corral/postgres',
    can: {
      returningOnUpdate: true,
      writableCte: true,
      revisionInPage: true,
      lateralGroups: true,
      rowLocks: true,
      literalFirstLimit: true,
      skipLocked: true,
      batchedCreates: true,
    },
    bookkeeping: postgresBookkeeping(schema),
    kept: postgresKept(schema),
    // `share` lets others update the row (but not its key) and keeps it from being deleted.
    lockClause: (lock) => (lock === 'share' ? ' FOR KEY SHARE' : ' FOR UPDATE'),
    quote: (name) => quoted(name),
    table: (name) => `${schema}.${quoted(name)}`,
    // Keys are cast to the id's type: a key of a smaller integer column still compares (and uses its index).
    idEquals: (map, placeholder) => `${quoted(map.id.column)} = ${placeholder}::${idType(map)}`,
    idIn: (map, placeholder) => `${quoted(map.id.column)} = ANY(${placeholder}::${idType(map)}[])`,
    idValue: (_map, key) => key,
    idList: (_map, keys) => keys,
    // Without a version column, the transaction that last wrote the row: new on every change.
    rowVersion: (map) => (map.version ? quoted(map.version) : 'xmin::text::bigint'),
    violation: postgresViolation,
    forColumns: (columns) =>
      postgresDialect(
        schema,
        new Set(columns.filter((column) => (column as { enumTyped?: boolean }).enumTyped).map((column) => column.name)),
      ),
    codec: postgresCodec,
    placeholder: (n) => `$${n}`,
    // Parameters are typed by what the field holds, not by the column, so that a value a smaller
    // column cannot hold compares as unequal instead of failing (and the column's index still serves).
    equals: (column, placeholder) => `${quoted(column.column)} = ${placeholder}${parameterTypes[column.storage] ?? ''}`,
    // A bound an integer column cannot hold (a fraction, a huge number) is compared as a double.
    compare: (column, operator, placeholder, value) => {
      const cast =
        column.storage === 'integer' && !Number.isSafeInteger(value)
          ? '::double precision'
          : (parameterTypes[column.storage] ?? '');
      const key = column.storage === 'text' ? textKey(column, enumColumns.has(column.column)) : quoted(column.column);
      return `${key} ${operator} ${placeholder}${cast}`;
    },
    typed: (column, placeholder) => `${placeholder}${parameterTypes[column.storage] ?? ''}`,
    differs: (column, placeholder) =>
      `${quoted(column.column)} IS DISTINCT FROM ${placeholder}${parameterTypes[column.storage] ?? ''}`,
    // One array parameter, so that a list of any length is the same statement.
    // A column of an enum type takes the array's type from the column; text and others are cast.
    oneOf: (column, placeholder) =>
      `${quoted(column.column)} = ANY(${placeholder}${enumColumns.has(column.column) ? '' : `${parameterTypes[column.storage] ?? '::text'}[]`})`,
    list: (values) => values,
    contains: (column, placeholder) =>
      `lower(${quoted(column.column)}${column.storage === 'text' && !enumColumns.has(column.column) ? '' : '::text'}) LIKE ${placeholder}`,
    sortKey: (column) =>
      column.storage === 'text' ? textKey(column, enumColumns.has(column.column)) : quoted(column.column),
    // PostgreSQL already puts NULL last ascending and first descending.
    nulls: () => '',
  };
}

/** The type an id parameter is cast to. */
function idType(map: TableMap): string {
  return map.id.storage === 'integer' ? 'bigint' : map.id.storage;
}

/** How a column of a table the application owns stores values, from information_schema's `data_type` and `udt_name`. */
export function storageOfPostgres(dataType: string, udtName: string): ColumnStorage | 'other' {
  switch (dataType) {
    case 'text':
    case 'character varying':
    case 'character':
      return 'text';
    case 'uuid':
      return 'uuid';
    case 'smallint':
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'real':
    case 'double precision':
    case 'numeric':
      return 'real';
    case 'boolean':
      return 'boolean';
    case 'json':
    case 'jsonb':
      return 'json';
    case 'USER-DEFINED':
      return udtName === 'citext' ? 'text' : 'other';
    default:
      return 'other';
  }
}

/** An SQL string literal (the same in every engine). */
export { literal } from '@corral/sql';
