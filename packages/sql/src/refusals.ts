import { CorralError } from '@corral/core';
import { describeChange, type RefusedChange, type SchemaChange } from './schema-diff.js';
import type { TableMap } from './table-map.js';

const listed = (lines: readonly string[]) => lines.map((line) => `\n  - ${line}`).join('');

/** Start-up stops: a table the user owns cannot serve the collection as declared. */
export function tableMismatch(map: TableMap, problems: readonly string[]): CorralError {
  return new CorralError(
    'CORRAL_TABLE_MISMATCH',
    `Collection "${map.collection}" cannot be served from table ${map.table}:${listed(problems)}\nCorral never changes a table it did not make: change the table, or the declarations.`,
  );
}

/**
 * Start-up stops: the declarations differ from the store's own table in ways that could lose or
 * bend data. Each change is named with its reason and the SQL (from the dialect) that resolves it.
 */
export function schemaChangeRefused(
  map: TableMap,
  refused: readonly RefusedChange[],
  resolve: (change: SchemaChange) => string,
): CorralError {
  const lines = refused.map(
    ({ change, reason }) => `${describeChange(map, change)}: ${reason}. To go ahead: ${resolve(change)}`,
  );
  return new CorralError(
    'CORRAL_SCHEMA_CHANGE_REFUSED',
    `Collection "${map.collection}": table ${map.table} cannot follow the declarations without risking its data, so nothing was changed:${listed(lines)}\nThen start again; or change the declarations back.`,
  );
}

/** A record of the JSON layout that does not fit its column, and the statement that fixes it in place. */
export interface LegacyProblem {
  /** Which records, and what is wrong with them. */
  readonly description: string;
  /** The statement that fixes them in the old table. */
  readonly fix: string;
}

/** Start-up stops: records of the previous (JSON) layout do not fit the columns they must move to. */
export function legacyRefused(map: TableMap, problems: readonly LegacyProblem[]): CorralError {
  const lines = problems.map((problem) => `${problem.description}. Fix: ${problem.fix}`);
  return new CorralError(
    'CORRAL_TABLE_LAYOUT_MISMATCH',
    `Collection "${map.collection}": its records are in the previous layout (one JSON document per row) and some cannot move to the columns of table ${map.table}, so nothing was moved:${listed(lines)}\nRun the fixes (they change the old table, which is still as it was), then start again.`,
  );
}
