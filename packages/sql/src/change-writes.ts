import type { ChangeKind } from '@corral/core';
import { versionAlias } from './row-records.js';
import { runLast, type SqlRow } from './sql-driver.js';
import type { TableMap } from './table-map.js';
import type { WriteSource } from './table-writes.js';

/**
 * The SQL by which a store's writes append to its database's change log (absent when the log is
 * off). Engines with writable CTEs append in the write's own statement; others run
 * {@link appendOne} after the write, in the same unit.
 */
export interface ChangeSql {
  /**
   * An INSERT of one log row per row of `from` (a CTE); the other arguments are SQL expressions
   * over it: the record's id, its version, and its row after and before as JSON (or undefined).
   */
  appendFrom(
    collection: string,
    kind: ChangeKind,
    from: string,
    parts: { id: string; version: string; row?: string; previous?: string },
  ): string;
  /**
   * Where the engine keeps the changes of one statement together: an INSERT of a single log row
   * for every row of `from`, in its order, with the parts of {@link appendFrom}. Fewer, larger log
   * rows cost a busy writer less (one heap row, one index entry); the engine's reader gives each
   * change a position of its own. Absent: {@link appendFrom} writes a row per change.
   */
  appendBatchFrom?(
    collection: string,
    kind: ChangeKind,
    from: string,
    parts: { id: string; version: string; row?: string; previous?: string },
  ): string;
  /**
   * The JSON (object by column name) of a row of the relation `row`: the whole row, or only the
   * columns named in `columns` (their names as in the table, not quoted).
   */
  rowJson(row: string, columns?: readonly string[]): string;
  /** An INSERT of one log row from 6 parameters: collection, id, kind, version, row JSON, previous JSON. */
  readonly appendOne: string;
  /** An INSERT of a log row for each entry, each 6 placeholders as for {@link appendOne}. */
  appendRows?(rows: readonly (readonly string[])[]): string;
  /**
   * An INSERT of the `created` log rows of rows of a table, their data read there: the rows for
   * which `rows(column)`'s `where` holds, in the order of its `order` (both SQL over the id column,
   * an expression given). For creates whose log rows go to the database with them, before their
   * answer came back (see one-trip-creates.ts); `collection` is a placeholder. Absent where unneeded.
   */
  appendCreated?(
    map: TableMap,
    table: string,
    collection: string,
    rows: (column: string) => { readonly where: string; readonly order: string },
  ): string;
  /**
   * Where given, a statement the same unit runs once before {@link appendCreated}'s (which then
   * counts nothing itself): it counts the unit's `records` in the collection's revision and takes
   * what the log rows need to number themselves (MariaDB: the writer's counter row, locked). It
   * must change exactly one row. `collection` is a placeholder.
   */
  countCreated?(collection: string, records: number): string;
}

/** How a store's writes reach the log: in their statements, by statements after them, or by the table's triggers. */
export type ChangeWriting = 'statement' | 'after' | 'triggers' | 'none';

/** A row read with a record's SELECT list (array or by name) as an object by column name, for the log. */
export function rowObject(map: TableMap, row: SqlRow): Record<string, unknown> {
  if (!Array.isArray(row)) return { ...(row as Record<string, unknown>) };
  const names = [map.id.column, ...map.columns.map((column) => column.column)];
  const named: Record<string, unknown> = {};
  names.forEach((name, i) => {
    const value = row[i];
    named[name] = typeof value === 'bigint' ? Number(value) : value;
  });
  if (row.length > names.length) named[versionAlias] = row[names.length];
  return named;
}

/** The version of a row of a CTE that returned a record's SELECT list; NULL where it is a digest. */
export function versionOf(source: WriteSource<unknown, unknown>, from: string): string {
  return source.shape.versionSql ? `${from}.${versionAlias}` : 'NULL';
}

/** The change log's JSON of a row read with a record's SELECT list. */
function rowText(source: WriteSource<unknown, unknown>, value: SqlRow | undefined): string | null {
  return value === undefined
    ? null
    : JSON.stringify(rowObject(source.map, value), (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

/**
 * Appends a change of `kind` for each row (read with a record's SELECT list: the row written, or
 * for `deleted` the row removed), in statements of up to 256 rows where the dialect can
 * (`appendRows`), else one each.
 */
export async function appendRowsAfter<C>(
  source: WriteSource<unknown, C>,
  on: C,
  kind: 'created' | 'deleted',
  rows: readonly SqlRow[],
): Promise<void> {
  if (source.changeWriting !== 'after') return;
  const changes = source.changeSql!;
  const entry = (row: SqlRow) => {
    const record = source.shape.record(row);
    const text = rowText(source, row);
    return [
      source.map.collection,
      record.id,
      kind,
      record.version,
      ...(kind === 'deleted' ? [null, text] : [text, null]),
    ];
  };
  if (!changes.appendRows) {
    for (const row of rows) await runLast(source.driver, on, changes.appendOne, entry(row));
    return;
  }
  for (const chunk of powerOfTwoChunks(rows)) {
    const placeholders = chunk.map((_, i) => [1, 2, 3, 4, 5, 6].map((n) => source.dialect.placeholder(i * 6 + n)));
    await runLast(source.driver, on, changes.appendRows(placeholders), chunk.flatMap(entry));
  }
}

/**
 * Splits a list into chunks of at most 256 whose sizes are powers of two, so that a statement
 * written for a chunk comes in few texts (a prepared statement each), however many rows there are.
 */
export function powerOfTwoChunks<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  let at = 0;
  while (at < items.length) {
    let size = 256;
    while (size > items.length - at) size /= 2;
    chunks.push(items.slice(at, at + size));
    at += size;
  }
  return chunks;
}

/** Appends a change by a statement of its own, for engines that cannot in the write's (see `ChangeWriting`). */
export async function appendAfter<C>(
  source: WriteSource<unknown, C>,
  on: C,
  kind: 'created' | 'updated' | 'deleted',
  id: string,
  version: number,
  row: SqlRow | undefined,
  previous: SqlRow | undefined,
): Promise<void> {
  if (source.changeWriting !== 'after') return;
  await runLast(source.driver, on, source.changeSql!.appendOne, [
    source.map.collection,
    id,
    kind,
    version,
    rowText(source, row),
    rowText(source, previous),
  ]);
}

/** The row of a key as a record's SELECT list reads it, for the change log's `previous`. */
export async function rowBefore<C>(source: WriteSource<unknown, C>, on: C, key: string): Promise<SqlRow | undefined> {
  if (source.changeWriting !== 'after') return undefined;
  const { map, dialect, driver } = source;
  const rows = await driver.rows(
    on,
    `SELECT ${source.shape.selected} FROM ${source.shape.table} WHERE ${dialect.idEquals(map, dialect.placeholder(1))}`,
    [dialect.idValue(map, key)],
    { arrays: true },
  );
  return rows[0];
}
