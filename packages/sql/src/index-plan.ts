import { derivedName } from './names.js';
import type { ColumnMap, TableMap } from './table-map.js';

/** One index a store makes on its own table: equality columns first, then at most one sort column, then the id. */
export interface PlannedIndex {
  /** The index's name: the table's, then `by_` and its columns. */
  readonly name: string;
  /** Columns compared for equality (a filter). */
  readonly equal: readonly ColumnMap[];
  /** The column the index keeps in sort order, if any. */
  readonly sorted: ColumnMap | undefined;
}

/** Index names a store gives its own indexes start with this, after the table's name; others it never touches. */
export const indexMark = 'by_';

/**
 * The ordinary indexes the declarations call for: one per filter field and per sort field (a field
 * compared by range counts as one: the index keeps it in the order ranges are read), and one
 * per filter-sort pair, so that a filtered, sorted page is one index range read in order. The id
 * ends every index, as it ends every ORDER BY. Searches are left to the dialect (a trigram index on
 * PostgreSQL; SQLite has none for substrings).
 */
export function indexPlan(map: TableMap): PlannedIndex[] {
  const plan: PlannedIndex[] = [];
  const add = (equal: readonly ColumnMap[], sorted: ColumnMap | undefined) => {
    const parts = [...equal, ...(sorted ? [sorted] : [])].map((column) => column.column);
    const name = derivedName(map.table, `${indexMark}${parts.join('_')}`);
    if (!plan.some((index) => index.name === name)) plan.push({ name, equal, sorted });
  };
  for (const filter of map.filterable) add([filter], undefined);
  for (const sort of map.sortable) add([], sort);
  for (const ranged of map.ranged) add([], ranged);
  for (const filter of map.filterable) for (const sort of map.sortable) if (filter !== sort) add([filter], sort);
  return plan;
}
