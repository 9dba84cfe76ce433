import { describeLimits } from './schema-checks.js';
import type { LegacyProblem } from './refusals.js';
import type { ColumnMap, TableMap } from './table-map.js';

/** What a fix puts into a field of an old document: anything, a value of a kind, one of a list. */
export type LegacyValue =
  | {
      /** Any value will do. */
      readonly kind: 'any';
    }
  | {
      /** A value of a kind. */
      readonly kind: 'wanted';
      /** The kind, in words. */
      readonly what: string;
    }
  | {
      /** One of a list. */
      readonly kind: 'one of';
      /** The values allowed. */
      readonly values: readonly string[];
    };

/**
 * How an engine reads and fixes the JSON documents of the previous layout (one per row), for the
 * checks before they move into columns. Conditions are about one row; fixes are statements on the
 * old table with `<where>` left for the rows.
 */
export interface LegacyDocumentSql {
  /** The condition of a live (not deleted) row. */
  readonly live: string;
  /** The field is missing or JSON null. */
  missing(column: ColumnMap): string;
  /** The value cannot move unchanged into the column; undefined when any JSON fits. */
  misfit(column: ColumnMap): string | undefined;
  /** What a misfit's description says the value should be. */
  wanted(column: ColumnMap): string;
  /** A text value that is not one of the column's values. */
  outside(column: ColumnMap): string;
  /** A key naming no record of the parent table. */
  orphaned(column: ColumnMap): string;
  /** A value outside the column's limits, which its check would refuse; undefined when it has none. */
  beyond?(column: ColumnMap): string | undefined;
  /** The document holds one of these keys. */
  holds(keys: readonly string[]): string;
  /** The statement setting the field. */
  set(column: ColumnMap, value: LegacyValue): string;
  /** The statement removing these keys. */
  remove(keys: readonly string[]): string;
  /** The statement deleting the rows. */
  readonly deleteRows: string;
}

/** The rows matching a condition: how many, and the first ids. */
export type LegacyCount = (condition: string) => Promise<LegacyMatches>;

/** What {@link LegacyCount} finds. */
export interface LegacyMatches {
  /** How many rows match. */
  readonly count: number;
  /** The ids of the first of them. */
  readonly ids: readonly string[];
}

/**
 * Records of the old table that would not fit the new columns: a required field missing, a value
 * of another type, an enum value no longer accepted, a parent key naming no parent, a property no
 * field holds any more (its values would be lost). Each comes with the statement that fixes it in
 * the old table. `keys` are the properties the live documents hold.
 */
export async function legacyProblemsOf(
  map: TableMap,
  sql: LegacyDocumentSql,
  count: LegacyCount,
  keys: readonly string[],
): Promise<LegacyProblem[]> {
  const problems: LegacyProblem[] = [];
  const check = async (condition: string, describe: (count: number, ids: string) => string, fix: string) => {
    const found = await count(condition);
    if (found.count === 0) return;
    const ids = `${found.ids.slice(0, 5).join(', ')}${found.count > 5 ? ', ...' : ''}`;
    problems.push({
      description: describe(found.count, ids),
      fix: fix.replace('<where>', `${sql.live} AND ${condition}`),
    });
  };
  const records = (n: number, ids: string) => `${n} record(s) of ${map.collection} (ids ${ids})`;
  for (const column of map.columns) {
    if (column.required)
      await check(
        sql.missing(column),
        (n, ids) => `${records(n, ids)} have no ${column.field}, which is required`,
        sql.set(column, { kind: 'any' }),
      );
    const wrong = sql.misfit(column);
    if (wrong) {
      const what = sql.wanted(column);
      await check(
        wrong,
        (n, ids) => `${records(n, ids)} hold a ${column.field} that is not ${what}`,
        sql.set(column, { kind: 'wanted', what }),
      );
    }
    if (column.values)
      await check(
        sql.outside(column),
        (n, ids) => `${records(n, ids)} hold a ${column.field} other than ${column.values!.join(', ')}`,
        sql.set(column, { kind: 'one of', values: column.values }),
      );
    const beyond = sql.beyond?.(column);
    if (beyond)
      await check(
        beyond,
        (n, ids) =>
          `${records(n, ids)} hold a ${column.field} outside its limits (${describeLimits(column.schemaLimits)})`,
        sql.set(column, { kind: 'wanted', what: `a value within ${describeLimits(column.schemaLimits)}` }),
      );
    if (column.references)
      await check(
        sql.orphaned(column),
        (n, ids) => `${records(n, ids)} name a ${column.field} with no record in ${column.references!.table}`,
        `${sql.deleteRows}; (or point them at an existing record)`,
      );
  }
  const declared = new Set(map.columns.map((column) => column.field));
  const stray = keys.filter((key) => !declared.has(key));
  if (stray.length > 0)
    await check(
      sql.holds(stray),
      (n, ids) =>
        `${records(n, ids)} hold ${stray.join(', ')}, which no field of the schema keeps: moving them would lose those values`,
      `${sql.remove(stray)}; (or declare the fields again)`,
    );
  return problems;
}
