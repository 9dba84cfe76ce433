import type { ListQuery, SortOrder, StoreFilter } from '@corral/core';
import { keyOfId } from './ids.js';
import { quoted } from './names.js';
import type { ColumnMap, TableMap } from './table-map.js';
import { columnValue, type ValueCodec } from './values.js';

/** How a dialect writes the parts of a WHERE and ORDER BY that differ between databases. */
export interface QueryDialect {
  /** How values become parameters. */
  readonly codec: ValueCodec;
  /** The placeholder of the n-th parameter, counted from 1; one placeholder may be used twice. */
  placeholder(n: number): string;
  /** The column equals the parameter (JSON compared as JSON). */
  equals(column: ColumnMap, placeholder: string): string;
  /** The column's text, lower-cased, contains the LIKE pattern in the parameter. */
  contains(column: ColumnMap, placeholder: string): string;
  /** What a sort orders by: the column, with code-point order for text. */
  sortKey(column: ColumnMap): string;
  /** The NULLS clause that puts missing values last ascending and first descending, where the database's default differs. */
  nulls(order: SortOrder, column: ColumnMap): string;
}

/** A WHERE clause and its parameters. */
export interface Where {
  /** SQL text, without the word WHERE; `TRUE`-like text when nothing restricts. */
  readonly sql: string;
  /** Its parameters, in placeholder order. */
  readonly parameters: unknown[];
  /** Selects every record (no filter, no search): a kept count answers its total. */
  readonly all: boolean;
  /** Can match nothing (a key no row can hold): the caller answers without asking the database. */
  readonly none: boolean;
  /** The columns compared for equality, for estimates from statistics. */
  readonly equal: readonly ColumnMap[];
  /** Whether a search is part of it. */
  readonly searched: boolean;
}

/** `%text%` for LIKE, lower-cased, with LIKE's own wildcards and the escape character taken literally (ESCAPE '\'). */
export function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a filter value can be held by the column at all: a key in an integer or UUID column must
 * be one, a whole number must fit 64 bits, text must be text the database keeps.
 */
function canHold(column: ColumnMap, value: unknown, codec: ValueCodec): boolean {
  if (typeof value === 'string' && !codec.nulInText && value.includes('\u0000')) return false;
  if (column.storage === 'integer' && typeof value === 'number') return Number.isSafeInteger(value);
  if (column.kind !== 'string' || (column.storage !== 'integer' && column.storage !== 'uuid')) return true;
  return keyOfId(column.storage, String(value)) !== undefined;
}

/**
 * The records matching every filter entry and, when given, the search in any of its fields.
 * Parameters are numbered from `first`, so that a statement can put its own before them.
 */
export function whereOf(map: TableMap, dialect: QueryDialect, filter: StoreFilter, search: ListQuery['search'], first = 1): Where {
  const clauses: string[] = [];
  const parameters: unknown[] = [];
  const equal: ColumnMap[] = [];
  const next = (value: unknown) => dialect.placeholder(first + parameters.push(value) - 1);
  let none = false;
  for (const [field, value] of Object.entries(filter)) {
    const column = map.column(field);
    if (value === null || value === undefined) {
      clauses.push(`${quoted(column.column)} IS NULL`);
    } else if (!canHold(column, value, dialect.codec)) {
      none = true;
    } else {
      clauses.push(dialect.equals(column, next(columnValue(column, value, dialect.codec))));
      equal.push(column);
    }
  }
  const searched = search !== undefined && search.text !== '' && search.fields.length > 0;
  if (searched && !dialect.codec.nulInText && search.text.includes('\u0000')) none = true;
  else if (searched) {
    const pattern = next(containing(search!.text));
    clauses.push(`(${search!.fields.map((field) => dialect.contains(map.column(field), pattern)).join(' OR ')})`);
  }
  return { sql: clauses.length === 0 ? '1 = 1' : clauses.join(' AND '), parameters, all: clauses.length === 0 && !none, none, equal, searched };
}

/** ORDER BY text: the sort key, then the id, so that equal values keep id order (reversed when descending). */
export function orderOf(map: TableMap, dialect: QueryDialect, sort: ListQuery['sort']): string {
  const id = quoted(map.id.column);
  if (!sort) return `${id} ASC`;
  const column = map.column(sort.field);
  const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
  return `${dialect.sortKey(column)} ${direction}${dialect.nulls(sort.order, column)}, ${id} ${direction}`;
}

/** The quoted names of the columns a record is read from: the id, then every field's, in the map's order. */
export function selectedColumns(map: TableMap): string {
  return [map.id.column, ...map.columns.map((column) => column.column)].map((name) => quoted(name)).join(', ');
}
