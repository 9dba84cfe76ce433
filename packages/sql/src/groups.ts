import type { GroupPage, GroupQuery, StoredRecord } from '@corral/core';
import { nameOf, whereOf, type QueryDialect, type Where } from './query.js';
import type { Maybe } from './sql-driver.js';
import type { ColumnMap, TableMap } from './table-map.js';

/** The rows of several groups as a dialect reads them: the records, and the count of each group's key. */
export interface GroupRows<T> {
  /** The first records of each group, groups in any order, each group's in id order. */
  readonly records: readonly StoredRecord<T>[];
  /** Each group's key as the database gives it, with the group's count. */
  readonly totals: readonly (readonly [key: unknown, total: number])[];
}

/** The statements that read several groups, for a dialect to run with the WHERE's parameters. */
export interface GroupStatements {
  /** Each group's first rows: the WHERE's parameters, then the limit per group. */
  readonly rows: string;
  /** Each group's key (`corral_key`) and count (`corral_total`): the WHERE's parameters. */
  readonly totals: string;
}

/**
 * Two statements for a {@link GroupQuery}: the rows numbered within each group by id (a window
 * function, which PostgreSQL and SQLite both have) and cut at the limit, and one grouped count.
 * `select` is the dialect's list of a record's columns; `limit` the limit's placeholder.
 */
export function groupStatements(
  map: TableMap,
  table: string,
  where: Where,
  column: ColumnMap,
  select: string,
  limit: string,
  dialect: Pick<QueryDialect, 'quote'> = {},
): GroupStatements {
  const key = nameOf(dialect, column.column);
  const id = nameOf(dialect, map.id.column);
  return {
    rows: `SELECT * FROM (SELECT ${select}, row_number() OVER (PARTITION BY ${key} ORDER BY ${id}) AS corral_rank FROM ${table} WHERE ${where.sql}) AS corral_ranked WHERE corral_rank <= ${limit} ORDER BY corral_rank`,
    totals: `SELECT ${key} AS corral_key, count(*) AS corral_total FROM ${table} WHERE ${where.sql} GROUP BY ${key}`,
  };
}

/**
 * One statement for a {@link GroupQuery} in a database with LATERAL joins (PostgreSQL): each
 * group's count (`corral_key`, `corral_total`), joined to its first rows, which an index on the
 * group column and the id finds without reading the rest of the group. The WHERE's parameters are
 * used twice; `limit` is the limit's placeholder.
 */
export function lateralGroupStatement(
  map: TableMap,
  table: string,
  where: Where,
  column: ColumnMap,
  select: string,
  limit: string,
  dialect: Pick<QueryDialect, 'quote'> = {},
): string {
  const key = nameOf(dialect, column.column);
  const id = nameOf(dialect, map.id.column);
  return `SELECT corral_groups.corral_key, corral_groups.corral_total, corral_first.* FROM (SELECT ${key} AS corral_key, count(*) AS corral_total FROM ${table} WHERE ${where.sql} GROUP BY ${key}) AS corral_groups
    CROSS JOIN LATERAL (SELECT ${select} FROM ${table} WHERE ${key} = corral_groups.corral_key AND ${where.sql} ORDER BY ${id} LIMIT ${limit}) AS corral_first`;
}

/**
 * Answers {@link GroupQuery} with the reads of a dialect: the groups' keys become one `in`
 * comparison, so that the whole call is two statements whatever the number of keys.
 */
export async function groupPages<T>(
  map: TableMap,
  dialect: QueryDialect,
  query: GroupQuery,
  read: (where: Where, column: ColumnMap, fields: readonly string[] | undefined) => Maybe<GroupRows<T>>,
): Promise<GroupPage<T>[]> {
  if (query.keys.length === 0) return [];
  const column = map.column(query.field);
  const where = whereOf(map, dialect, query.filter ?? {}, {
    conditions: [{ field: query.field, operator: 'in', value: query.keys }],
  });
  // The group field is read with any selection: it tells which group a record belongs to.
  const fields = query.fields && [...new Set([...query.fields, query.field])];
  const found: GroupRows<T> = where.none ? { records: [], totals: [] } : await read(where, column, fields);
  const items = new Map<string, StoredRecord<T>[]>();
  for (const record of found.records) {
    const key = String((record.data as Record<string, unknown>)[query.field]);
    const group = items.get(key);
    if (group) group.push(record);
    else items.set(key, [record]);
  }
  const totals = new Map(found.totals.map(([key, total]) => [String(key), total]));
  return query.keys.map((key) => ({ key, items: items.get(String(key)) ?? [], total: totals.get(String(key)) ?? 0 }));
}
