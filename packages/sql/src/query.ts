import type { FieldCondition, ListQuery, ListSeek, SortOrder, StoreFilter } from '@corral/core';
import { keyOfId } from './ids.js';
import { quoted } from './names.js';
import type { ColumnMap, TableMap } from './table-map.js';
import { columnValue, type ValueCodec } from './values.js';

/** How a dialect writes the parts of a WHERE and ORDER BY that differ between databases. */
export interface QueryDialect {
  /** A quoted identifier; `"` quoting (SQL's own) where not given. */
  quote?(name: string): string;
  /** How values become parameters. */
  readonly codec: ValueCodec;
  /** The placeholder of the n-th parameter, counted from 1; one placeholder may be used twice. */
  placeholder(n: number): string;
  /** The column equals the parameter (JSON compared as JSON). */
  equals(column: ColumnMap, placeholder: string): string;
  /** The column compares with the parameter by `<`, `<=`, `>` or `>=`, in the order a sort uses (see `sortKey`). */
  compare(column: ColumnMap, operator: '<' | '<=' | '>' | '>=', placeholder: string, value: unknown): string;
  /** The placeholder as a value of the column's type, where the database needs to be told (a row comparison). */
  typed(column: ColumnMap, placeholder: string): string;
  /** The column does not hold the parameter's value; NULL counts as different. */
  differs(column: ColumnMap, placeholder: string): string;
  /** The column holds one of the values of the list parameter made by `list`. */
  oneOf(column: ColumnMap, placeholder: string): string;
  /** One parameter holding several column values (already encoded), for `oneOf`. */
  list(values: readonly unknown[]): unknown;
  /** The column's text, lower-cased, contains the LIKE pattern in the parameter. */
  contains(column: ColumnMap, placeholder: string): string;
  /** What a sort orders by: the column, with code-point order for text. */
  sortKey(column: ColumnMap): string;
  /**
   * The NULLS clause that puts missing values last ascending and first descending, where the
   * database's default differs.
   */
  nulls(order: SortOrder, column: ColumnMap): string;
  /**
   * For a database without a NULLS clause (MariaDB): an ORDER BY term written before the sort key
   * that puts missing values last ascending and first descending; undefined where none is needed.
   */
  nullsBefore?(order: SortOrder, column: ColumnMap): string | undefined;
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
  /** Whether comparisons other than equality are part of it (statistics of equal values do not estimate them). */
  readonly compared: boolean;
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

/** The SQL operator of each range comparison. */
const rangeOperators = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/**
 * The records matching every filter entry and comparison and, when given, the search in any of its
 * fields. Parameters are numbered from `first`, so that a statement can put its own before them.
 */
export function whereOf(
  map: TableMap,
  dialect: QueryDialect,
  filter: StoreFilter,
  more: Pick<ListQuery, 'search' | 'conditions' | 'seek' | 'sort'> = {},
  first = 1,
): Where {
  const clauses: string[] = [];
  const parameters: unknown[] = [];
  const equal: ColumnMap[] = [];
  const next = (value: unknown) => dialect.placeholder(first + parameters.push(value) - 1);
  let none = false;
  for (const [field, value] of Object.entries(filter)) {
    const column = map.column(field);
    if (value === null || value === undefined) {
      clauses.push(`${nameOf(dialect, column.column)} IS NULL`);
    } else if (!canHold(column, value, dialect.codec)) {
      none = true;
    } else {
      clauses.push(dialect.equals(column, next(columnValue(column, value, dialect.codec))));
      equal.push(column);
    }
  }
  for (const condition of more.conditions ?? []) {
    const clause = conditionClause(map.column(condition.field), condition, dialect, next);
    if (clause === false) none = true;
    else if (clause !== true) clauses.push(clause);
  }
  if (more.seek) {
    const clause = seekClause(map, dialect, more.sort, more.seek, next);
    if (clause === undefined) none = true;
    else clauses.push(clause);
  }
  const { search } = more;
  const searched = search !== undefined && search.text !== '' && search.fields.length > 0;
  if (searched && !dialect.codec.nulInText && search.text.includes('\u0000')) none = true;
  else if (searched) {
    const pattern = next(containing(search.text));
    clauses.push(`(${search.fields.map((field) => dialect.contains(map.column(field), pattern)).join(' OR ')})`);
  }
  const compared = (more.conditions ?? []).length > 0;
  return {
    sql: clauses.length === 0 ? '1 = 1' : clauses.join(' AND '),
    parameters,
    all: clauses.length === 0 && !none,
    none,
    equal,
    searched,
    compared,
  };
}

/**
 * One comparison as SQL; `true` when every row passes it and `false` when none can (a value the
 * column cannot hold equals no row, so `ne` of it passes all and `in` keeps only the others).
 */
function conditionClause(
  column: ColumnMap,
  condition: FieldCondition,
  dialect: QueryDialect,
  next: (value: unknown) => string,
): string | boolean {
  const { operator, value } = condition;
  const encode = (item: unknown) => columnValue(column, item, dialect.codec);
  if (operator === 'ne')
    return canHold(column, value, dialect.codec) ? dialect.differs(column, next(encode(value))) : true;
  if (operator === 'in') {
    const held = (value as readonly unknown[]).filter(
      (item) => item !== null && item !== undefined && canHold(column, item, dialect.codec),
    );
    return held.length === 0 ? false : dialect.oneOf(column, next(dialect.list(held.map(encode))));
  }
  // A bound beyond what an integer column holds: compared as a plain number, which every row is on one side of.
  const bound =
    column.storage === 'integer' && typeof value === 'number' && !Number.isSafeInteger(value)
      ? value
      : canHold(column, value, dialect.codec)
        ? encode(value)
        : undefined;
  if (bound === undefined) return false;
  return dialect.compare(column, rangeOperators[operator], next(bound), value);
}

/** The id column as a column of a string field, so that its values are checked and typed like a key. */
function idColumnOf(map: TableMap): ColumnMap {
  return {
    field: 'id',
    column: map.id.column,
    kind: 'string',
    storage: map.id.storage,
    required: true,
    nullable: false,
    notNull: true,
    values: undefined,
    references: undefined,
    holdsId: true,
  };
}

/**
 * The rows past a place in the list's order (cursor paging), as one comparison of the sort key
 * and the id together, which an index on both serves. Missing values sort as the greatest, so they
 * follow every value ascending. Undefined when no row can be at the place (an id or value the
 * columns cannot hold).
 */
function seekClause(
  map: TableMap,
  dialect: QueryDialect,
  sort: ListQuery['sort'],
  seek: ListSeek,
  next: (value: unknown) => string,
): string | undefined {
  const idColumn = idColumnOf(map);
  const { key, id } = seek.position;
  if (!canHold(idColumn, id, dialect.codec)) return undefined;
  // Rows with a greater (key, id) follow the place in an ascending list, and precede it in a descending one.
  const greater = (seek.from === 'after') === (sort?.order !== 'desc');
  const op = greater ? '>' : '<';
  const idName = nameOf(dialect, map.id.column);
  const idParameter = () => dialect.typed(idColumn, next(columnValue(idColumn, id, dialect.codec)));
  if (!sort) return `${idName} ${op} ${idParameter()}`;
  const column = map.column(sort.field);
  const name = nameOf(dialect, column.column);
  if (key === null)
    return greater
      ? `(${name} IS NULL AND ${idName} > ${idParameter()})`
      : `(${name} IS NOT NULL OR ${idName} < ${idParameter()})`;
  if (
    !canHold(column, key, dialect.codec) ||
    (column.storage === 'integer' && typeof key === 'number' && !Number.isSafeInteger(key))
  )
    return undefined;
  const keyParameter = dialect.typed(column, next(columnValue(column, key, dialect.codec)));
  const pair = `(${dialect.sortKey(column)}, ${idName}) ${op} (${keyParameter}, ${idParameter()})`;
  // A column the database lets hold NULL may hold it whatever the schema says (another program wrote it).
  return greater && !column.notNull ? `(${pair} OR ${name} IS NULL)` : pair;
}

/** ORDER BY text: the sort key, then the id, so that equal values keep id order (reversed when descending). */
export function orderOf(map: TableMap, dialect: QueryDialect, sort: ListQuery['sort'], reversed = false): string {
  const id = nameOf(dialect, map.id.column);
  const order = ((sort?.order ?? 'asc') === 'asc') !== reversed ? 'asc' : 'desc';
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  if (!sort) return `${id} ${direction}`;
  const column = map.column(sort.field);
  // Only a NOT NULL column is sure to hold no NULL, whatever the field's schema says.
  const before = dialect.nullsBefore?.(order, column);
  return `${before ? `${before}, ` : ''}${dialect.sortKey(column)} ${direction}${dialect.nulls(order, column)}, ${id} ${direction}`;
}

/** The quoted names of the columns a record is read from: the id, then every field's, in the map's order. */
export function selectedColumns(map: TableMap, quote: (name: string) => string = quoted): string {
  return [map.id.column, ...map.columns.map((column) => column.column)].map((name) => quote(name)).join(', ');
}

/** A column's name as the dialect quotes it. */
export function nameOf(dialect: Pick<QueryDialect, 'quote'>, name: string): string {
  return dialect.quote ? dialect.quote(name) : quoted(name);
}
