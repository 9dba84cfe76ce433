import type { GroupRows } from './groups.js';
import { groupStatements, lateralGroupStatement } from './groups.js';
import type { Where } from './query.js';
import type { ReadSource } from './table-reads.js';
import type { ColumnMap } from './table-map.js';

/**
 * The first rows of several groups and each group's count: one statement with LATERAL joins
 * (each group's rows found through the index, not ranked), otherwise a ranked read and a grouped count.
 */
export async function groupRows<T, C>(
  source: ReadSource<T, C>,
  on: C,
  where: Where,
  column: ColumnMap,
  fields: readonly string[] | undefined,
  limit: number,
): Promise<GroupRows<T>> {
  const { map, dialect, driver } = source;
  const { table } = source.shape;
  const { select, map: read } = source.shape.selection(fields);
  const limitAt = dialect.placeholder(where.parameters.length + 1);
  if (dialect.can.lateralGroups) {
    const statement = lateralGroupStatement(map, table, where, column, select, limitAt, dialect);
    const rows = (await driver.rows(on, statement, [...where.parameters, limit])) as Record<string, unknown>[];
    const totals = new Map(rows.map((row) => [String(row.corral_key), Number(row.corral_total)] as const));
    return { records: rows.map((row) => source.shape.record(row, read)), totals: [...totals] };
  }
  const statements = groupStatements(map, table, where, column, select, limitAt, dialect);
  const rows = (await driver.rows(on, statements.rows, [...where.parameters, limit])) as Record<string, unknown>[];
  const totals = (await driver.rows(on, statements.totals, where.parameters)) as Record<string, unknown>[];
  return {
    records: rows.map((row) => source.shape.record(row, read)),
    totals: totals.map((row) => [row.corral_key, Number(row.corral_total)] as const),
  };
}
