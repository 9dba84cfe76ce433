import { derivedName, quoted, type ColumnMap, type LegacyProblem, type TableMap } from '@corral/sql';
import type { DatabaseSync } from 'node:sqlite';
import { literal } from './dialect.js';
import { createTableSql, keepSequence, storedDefinition } from './managed-table.js';
import { columnsOf, tableExists } from './table-info.js';

/**
 * The columns of the previous layout's tables: a JSON document per row, its version, a deleted
 * flag, and lower-cased search text.
 */
function isLegacyLayout(columns: readonly string[]): boolean {
  const required = ['seq', 'version', 'deleted', 'data'];
  return (
    required.every((column) => columns.includes(column)) &&
    columns.every((column) => required.includes(column) || column.startsWith('search_'))
  );
}

/**
 * The table holding a collection in the previous layout (one JSON document per row, a deleted
 * flag for tombstones), if there is one: named after the collection itself, of exactly that
 * layout, and of a collection the store has not made a table for (the previous release wrote down
 * nothing; a collection whose own fields happen to be seq, deleted and data is not taken for one).
 */
export function legacyTableOf(connection: DatabaseSync, map: TableMap): string | undefined {
  if (storedDefinition(connection, map.collection)) return undefined;
  for (const name of new Set([map.collection, map.table])) {
    if (tableExists(connection, name) && isLegacyLayout(columnsOf(connection, name).map((column) => column.name)))
      return name;
  }
  return undefined;
}

const path = (column: ColumnMap) => literal(`$."${column.field}"`);

/**
 * The condition under which an old row's value of the field cannot move into its column unchanged;
 * undefined when any JSON fits.
 */
function misfit(column: ColumnMap): string | undefined {
  const type = `json_type(data, ${path(column)})`;
  const value = `json_extract(data, ${path(column)})`;
  if (column.storage === 'integer' && column.kind === 'string') {
    return `${type} <> 'null' AND NOT (${type} = 'integer' AND ${value} > 0 OR ${type} = 'text' AND ${value} GLOB '[1-9]*' AND ${value} NOT GLOB '*[^0-9]*' AND length(${value}) <= 19)`;
  }
  switch (column.kind) {
    case 'string':
    case 'enum':
      return `${type} NOT IN ('null', 'text')`;
    case 'integer':
      return `${type} NOT IN ('null', 'integer') AND NOT (${type} = 'real' AND ${value} = CAST(${value} AS INTEGER))`;
    case 'number':
      return `${type} NOT IN ('null', 'integer', 'real')`;
    case 'boolean':
      return `${type} NOT IN ('null', 'true', 'false')`;
    default:
      return undefined;
  }
}

/** The SQL expression reading a field out of an old row, as its column stores it. */
function moved(column: ColumnMap): string {
  return column.kind === 'json' ? `NULLIF(data -> ${path(column)}, 'null')` : `json_extract(data, ${path(column)})`;
}

/**
 * Records of the old table that would not fit the new columns: a required field missing, a value
 * of another type, an enum value no longer accepted, a parent key naming no parent, a property no
 * field holds any more (its values would be lost). Each comes with the UPDATE that fixes it in the
 * old table.
 */
export function legacyProblems(connection: DatabaseSync, map: TableMap, legacy: string): LegacyProblem[] {
  const problems: LegacyProblem[] = [];
  const table = quoted(legacy);
  const check = (condition: string, describe: (count: number, ids: string) => string, fix: string) => {
    const row = connection
      .prepare(
        `SELECT count(*) AS n, group_concat(seq, ', ') AS ids FROM (SELECT seq FROM ${table} WHERE deleted = 0 AND ${condition} ORDER BY seq) `,
      )
      .get()!;
    const count = Number(row.n);
    if (count === 0) return;
    const ids = String(row.ids).split(', ');
    problems.push({
      description: describe(count, ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', ...' : '')),
      fix: fix.replace('<where>', `deleted = 0 AND ${condition}`),
    });
  };
  const set = (column: ColumnMap, value: string) =>
    `UPDATE ${table} SET data = json_set(data, ${path(column)}, ${value}) WHERE <where>;`;
  for (const column of map.columns) {
    const type = `json_type(data, ${path(column)})`;
    if (column.required) {
      check(
        `(${type} IS NULL OR ${type} = 'null')`,
        (n, ids) => `${n} record(s) of ${map.collection} (ids ${ids}) have no ${column.field}, which is required`,
        set(column, '<a value>'),
      );
    }
    const wrong = misfit(column);
    if (wrong) {
      const what = column.references
        ? `the id of a record of ${column.references.table}`
        : column.kind === 'enum'
          ? 'a string'
          : `a ${column.kind}`;
      check(
        wrong,
        (n, ids) => `${n} record(s) of ${map.collection} (ids ${ids}) hold a ${column.field} that is not ${what}`,
        set(column, `<${what}>`),
      );
    }
    if (column.values) {
      check(
        `${type} = 'text' AND json_extract(data, ${path(column)}) NOT IN (${column.values.map(literal).join(', ')})`,
        (n, ids) =>
          `${n} record(s) of ${map.collection} (ids ${ids}) hold a ${column.field} other than ${column.values!.join(', ')}`,
        set(column, `<one of ${column.values.join(', ')}>`),
      );
    }
    if (column.references) {
      const parent = `${quoted(column.references.table)} AS parent`;
      check(
        `${type} IN ('integer', 'text') AND NOT EXISTS (SELECT 1 FROM ${parent} WHERE parent.${quoted(column.references.column)} = CAST(json_extract(data, ${path(column)}) AS INTEGER))`,
        (n, ids) =>
          `${n} record(s) of ${map.collection} (ids ${ids}) name a ${column.field} with no record in ${column.references!.table}`,
        `DELETE FROM ${table} WHERE <where>; (or point them at an existing record)`,
      );
    }
  }
  const declared = map.columns.map((column) => literal(column.field)).join(', ');
  const stray = connection
    .prepare(
      `SELECT DISTINCT key FROM ${table}, json_each(${table}.data) WHERE deleted = 0 AND key NOT IN (${declared || "''"}) ORDER BY key`,
    )
    .all()
    .map((row) => String(row.key));
  if (stray.length > 0) {
    const paths = stray.map((key) => literal(`$."${key}"`)).join(', ');
    check(
      `EXISTS (SELECT 1 FROM json_each(data) WHERE key IN (${stray.map(literal).join(', ')}))`,
      (n, ids) =>
        `${n} record(s) of ${map.collection} (ids ${ids}) hold ${stray.join(', ')}, which no field of the schema keeps: moving them would lose those values`,
      `UPDATE ${table} SET data = json_remove(data, ${paths}) WHERE <where>; (or declare the fields again)`,
    );
  }
  return problems;
}

/**
 * Moves an old table's records into a new table of columns, in the caller's transaction (with
 * foreign keys off, as for any rebuild): live records keep their ids and versions, deleted ones
 * become tombstones, the id sequence continues where it was, the old table goes.
 */
export function moveLegacy(connection: DatabaseSync, map: TableMap, legacy: string): void {
  const staging = derivedName(map.table, 'corral_moving');
  const sequence = connection.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(legacy)?.seq;
  const maxSeq = connection.prepare(`SELECT max(seq) AS n FROM ${quoted(legacy)}`).get()?.n;
  connection.exec(createTableSql(map, staging));
  const columns = ['"id"', quoted(map.version!), ...map.columns.map((column) => quoted(column.column))].join(', ');
  connection.exec(
    `INSERT INTO ${quoted(staging)} (${columns}) SELECT seq, version, ${map.columns.map(moved).join(', ')} FROM ${quoted(legacy)} WHERE deleted = 0 ORDER BY seq`,
  );
  connection
    .prepare(
      `INSERT OR IGNORE INTO corral_tombstones (collection, id) SELECT ?, seq FROM ${quoted(legacy)} WHERE deleted = 1`,
    )
    .run(map.collection);
  connection.exec(`DROP TABLE ${quoted(legacy)}`);
  connection.exec(`ALTER TABLE ${quoted(staging)} RENAME TO ${quoted(map.table)}`);
  const last = Math.max(Number(sequence ?? 0), Number(maxSeq ?? 0));
  keepSequence(connection, map.table, last > 0 ? last : undefined);
}
