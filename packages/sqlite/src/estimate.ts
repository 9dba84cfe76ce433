import type { TableMap, Where } from '@corral/sql';
import type { SqliteDatabase } from './database.js';
import { indexesOf } from './table-info.js';

/** For each table, the indexes led by each column, read once (an index added later is seen at the next start). */
const ledBy = new WeakMap<TableMap, Map<string, string[]>>();

function indexesLedBy(database: SqliteDatabase, map: TableMap, column: string): string[] {
  let byColumn = ledBy.get(map);
  if (!byColumn) {
    byColumn = new Map();
    for (const [name, columns] of indexesOf(database.connection, map.table))
      if (columns[0]) byColumn.set(columns[0], [...(byColumn.get(columns[0]) ?? []), name]);
    ledBy.set(map, byColumn);
  }
  return byColumn.get(column) ?? [];
}

/**
 * SQLite's own estimate of a list's matches, from the statistics ANALYZE keeps (`sqlite_stat1`):
 * the table's rows for an unfiltered list, the average rows per value of the index led by the
 * filtered column for one equality filter. Undefined without statistics, for several filters and
 * for searches (SQLite keeps nothing that estimates those).
 */
export function statisticsEstimate(database: SqliteDatabase, map: TableMap, where: Where): number | undefined {
  if (where.searched || where.compared || where.equal.length > 1) return undefined;
  if (database.statement(`SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'`).get() === undefined)
    return undefined;
  const numbers = (stat: unknown) => String(stat).split(' ').map(Number);
  if (where.all) {
    const any = database.statement('SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1').get(map.table);
    return any ? numbers(any.stat)[0] : undefined;
  }
  for (const index of indexesLedBy(database, map, where.equal[0]!.column)) {
    const stat = database.statement('SELECT stat FROM sqlite_stat1 WHERE tbl = ? AND idx = ?').get(map.table, index);
    const perValue = stat ? numbers(stat.stat)[1] : undefined;
    if (perValue !== undefined && Number.isFinite(perValue)) return perValue;
  }
  return undefined;
}
