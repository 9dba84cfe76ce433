import { describeLimits } from './schema-checks.js';
import { quoted } from './names.js';
import type { SchemaChange, TableFacts } from './schema-diff.js';
import type { ColumnMap, ColumnStorage } from './table-map.js';

/** The layout of the tables the stores make: 2 is a column per field (1 was one JSON document per row). */
export const layoutVersion = 2;

/** An SQL string literal. */
export function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The condition under which a row's key names no row of the parent table (`parentTable` as statements name it). */
export function orphanedRows(column: ColumnMap, parentTable: string): string {
  const { column: key } = column.references!;
  return `${quoted(column.column)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${parentTable} AS parent WHERE parent.${quoted(key)} = ${quoted(column.column)})`;
}

/** What the SQL that resolves a refused change needs of an engine. */
export interface ResolutionParts {
  /** The engine's column type of a storage. */
  type(storage: ColumnStorage): string;
  /** The condition of {@link orphanedRows} for the column. */
  orphaned(column: ColumnMap): string;
  /** Statements to run before a column can be dropped or renamed (SQLite's indexes on it); none by default. */
  beforeDrop?(column: string): string;
  /** The SQL that retypes a column's values. */
  retype(change: Extract<SchemaChange, { kind: 'retype' }>): string;
  /** The condition of a column's limits (see `limitsCheck`). */
  limits(column: ColumnMap): string | undefined;
}

/**
 * SQL that turns a change the store refused (it could lose data) into one it makes by itself at
 * the next start; `table` as statements name it.
 */
export function resolutionSql(table: string, change: SchemaChange, parts: ResolutionParts): string {
  const before = (column: string) => parts.beforeDrop?.(column) ?? '';
  switch (change.kind) {
    case 'add':
      return `ALTER TABLE ${table} ADD COLUMN ${quoted(change.column.column)} ${parts.type(change.column.storage)}; UPDATE ${table} SET ${quoted(change.column.column)} = <a value> WHERE ${quoted(change.column.column)} IS NULL;`;
    case 'require':
      return `UPDATE ${table} SET ${quoted(change.column.column)} = <a value> WHERE ${quoted(change.column.column)} IS NULL;`;
    case 'values':
      return `UPDATE ${table} SET ${quoted(change.column.column)} = <one of ${change.column.values?.join(', ')}> WHERE ${quoted(change.column.column)} NOT IN (${(change.column.values ?? []).map(literal).join(', ')});`;
    case 'drop':
      return `${before(change.name)}ALTER TABLE ${table} DROP COLUMN ${quoted(change.name)}; (its values are lost: copy them elsewhere first if they matter)`;
    case 'retype':
      return parts.retype(change);
    case 'reference':
      return `DELETE FROM ${table} WHERE ${parts.orphaned(change.column)}; (or point those rows at records that exist)`;
    case 'limits':
      return `UPDATE ${table} SET ${quoted(change.column.column)} = <a value within ${describeLimits(change.column.schemaLimits)}> WHERE NOT (${parts.limits(change.column)});`;
    default:
      return 'nothing: this change is always made';
  }
}

/** The conditions of {@link countedFacts} that differ per engine. */
export interface FactConditions {
  /** A column's value as text, where values are compared with enum labels (PostgreSQL's enum types). */
  text?(column: string): string;
  /** Rows whose value the column's new storage would not take; undefined when every value fits. */
  unfitting?(column: ColumnMap): string | undefined;
  /** Rows whose key names no row of the parent table (see {@link orphanedRows}). */
  orphaned(column: ColumnMap): string;
  /** The condition of a column's limits (see `limitsCheck`). */
  limits(column: ColumnMap): string | undefined;
}

/** The facts a table diff asks for, each a count of the table's rows under a condition. */
export function countedFacts(count: (condition?: string) => Promise<number>, conditions: FactConditions): TableFacts {
  return {
    rows: () => count(),
    nulls: (column) => count(`${quoted(column)} IS NULL`),
    outside: (column, values) =>
      count(
        `${quoted(column)} IS NOT NULL AND ${conditions.text?.(quoted(column)) ?? quoted(column)} NOT IN (${values.map(literal).join(', ')})`,
      ),
    unfit: async (column) => {
      const condition = conditions.unfitting?.(column);
      return condition ? count(condition) : 0;
    },
    orphans: (column) => count(conditions.orphaned(column)),
    outOfLimits: async (column) => {
      const check = conditions.limits(column);
      return check ? count(`NOT (${check})`) : 0;
    },
  };
}
