import type { Lookup, StoredRecord, StoreFilter } from '@corral/core';
import { whereOf } from './query.js';
import type { TableReads } from './reads.js';
import type { ReadSource } from './table-reads.js';
import { Parameters } from './row-records.js';
import type { Maybe, SqlRow } from './sql-driver.js';
import type { ColumnMap } from './table-map.js';
import { checkLimits } from './column-limits.js';
import { columnValue, rowValues } from './values.js';

/** What the writes of a table need of its store beside its reads. */
export interface WriteSource<T, C> extends ReadSource<T, C> {
  /** The id of a new row where the database would not give one, or undefined. */
  newId(on: C): Maybe<unknown>;
  /** One record: found, gone or missing. */
  lookup(on: C, key: string): Maybe<Lookup<T>>;
  /** The read statements on a connection. */
  reads(on: C): TableReads<T>;
}

/** A WHERE clause written with parameters taken from `parameters`. */
export type WhereOf = (parameters: Parameters) => string;

/** Whether a write of this table runs more than one statement, and so needs a unit of its own. */
export function manyStatements(source: WriteSource<unknown, unknown>): boolean {
  return !source.map.managed && !source.dialect.can.writableCte;
}

/** How a write moves the live count of a table the store keeps it for. */
type LiveChange = 'added' | 'removed' | 'same';

/**
 * Whether a write of this table counts itself in its own statement: in a table the application
 * owns (no trigger counts its writes), and in one of the store's own where the dialect can mark a
 * statement so that the table's triggers stand aside (`ownStatementMark`).
 */
function countsInStatement(source: WriteSource<unknown, unknown>): boolean {
  const { map, dialect } = source;
  return dialect.can.writableCte && (!map.managed || dialect.bookkeeping.ownStatementMark !== undefined);
}

/**
 * Runs a write and counts it where no trigger does: in the same statement where the dialect has
 * writable CTEs (see {@link countsInStatement}), otherwise by a second statement when it changed
 * something (see {@link bumpAfter}). `write` is given the parameters and the CTE name its rows are
 * known by; `more` adds CTEs of the books beside the count.
 */
async function counted<C>(
  source: WriteSource<unknown, C>,
  on: C,
  write: (parameters: Parameters) => string,
  select: (from: string) => string,
  live: LiveChange,
  more: (collection: string, from: string) => string[] = () => [],
): Promise<SqlRow[]> {
  const { map, dialect, driver } = source;
  const parameters = new Parameters(dialect.placeholder);
  if (!countsInStatement(source)) {
    const rows = await driver.rows(on, write(parameters), parameters.values, { arrays: true, writes: true });
    return rows;
  }
  const collection = parameters.add(map.collection);
  const statement = write(parameters);
  // On the store's own table, the mark tells its triggers that this statement keeps its own books.
  const mark = map.managed ? dialect.bookkeeping.ownStatementMark : '';
  const delta = !map.managed || live === 'same' ? '0' : `${live === 'removed' ? '-' : ''}(SELECT count(*) FROM w)`;
  const parts = [
    `w AS (${statement})`,
    ...more(collection, 'w'),
    `bump AS (${dialect.bookkeeping.revisionBump(collection, 'EXISTS (SELECT 1 FROM w)', delta)})`,
  ];
  const sql = `${mark}WITH ${parts.join(', ')} ${select('w')}`;
  return driver.rows(on, sql, parameters.values, { arrays: true, writes: true });
}

/** Counts a write of a table the application owns where {@link counted} could not. */
async function bumpAfter<C>(source: WriteSource<unknown, C>, on: C, changed: boolean): Promise<void> {
  const { map, dialect, driver } = source;
  if (map.managed || dialect.can.writableCte || !changed) return;
  await driver.run(on, dialect.bookkeeping.revisionBump(dialect.placeholder(1)), [map.collection]);
}

export async function insertRow<T, C>(source: WriteSource<T, C>, on: C, data: T): Promise<StoredRecord<T>> {
  const { map, dialect } = source;
  const id = await source.newId(on);
  const versioned = map.version !== undefined && !map.managed;
  const names = [
    ...(id === undefined ? [] : [map.id.column]),
    ...(versioned ? [map.version!] : []),
    ...map.columns.map((column) => column.column),
  ];
  const values = [
    ...(id === undefined ? [] : [id]),
    ...(versioned ? [1] : []),
    ...rowValues(map, data as Record<string, unknown>, dialect.codec),
  ];
  const rows = await counted(
    source,
    on,
    (parameters) => {
      const placeholders = values.map((value) => parameters.add(value));
      return `INSERT INTO ${source.shape.table} (${names.map((name) => dialect.quote(name)).join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING ${source.shape.selected}`;
    },
    (from) => `SELECT * FROM ${from}`,
    'added',
  );
  await bumpAfter(source, on, true);
  return source.shape.record(rows[0]!);
}

/**
 * Writes new data if the row still holds `expectedVersion` (when given); undefined when it did not
 * or the row is not there. A version the database gives is tested by the UPDATE itself (PostgreSQL
 * tests it again on the new row after waiting for another writer's lock); a digest is tested
 * against the row read first, in the same unit.
 */
export async function overwriteRow<T, C>(
  source: WriteSource<T, C>,
  on: C,
  key: string,
  data: T,
  expectedVersion: number | undefined,
  columns: readonly ColumnMap[] = source.map.columns,
): Promise<StoredRecord<T> | undefined> {
  const { map, dialect, driver } = source;
  if (!source.shape.versionSql && expectedVersion !== undefined) {
    const now = await source.lookup(on, key);
    if (now.status !== 'found' || now.record.version !== expectedVersion) return undefined;
  }
  // Only the columns written: an update leaves the others, and their limits, alone.
  checkLimits(map, data as Record<string, unknown>);
  const values = columns.map((column) =>
    columnValue(column, (data as Record<string, unknown>)[column.field], dialect.codec),
  );
  const q = dialect.quote;
  // Parameters in the order the text names them, for dialects whose placeholders are positional (`?`).
  const update = (parameters: Parameters) => {
    const assignments = columns.map((column, i) => `${q(column.column)} = ${parameters.add(values[i])}`);
    if (map.version) assignments.push(`${q(map.version)} = coalesce(${q(map.version)}, 0) + 1`);
    const where = rowWhere(source, key, expectedVersion)(parameters);
    return `UPDATE ${source.shape.table} SET ${assignments.join(', ')} WHERE ${where}`;
  };
  if (!dialect.can.returningOnUpdate) {
    // No RETURNING: the row is read back in the same unit (see `manyStatements`).
    const parameters = new Parameters(dialect.placeholder);
    const changed = (await driver.run(on, update(parameters), parameters.values)) > 0;
    await bumpAfter(source, on, changed);
    return changed ? ((await source.lookup(on, key)) as { record?: StoredRecord<T> }).record : undefined;
  }
  const rows = await counted(
    source,
    on,
    (parameters) => `${update(parameters)} RETURNING ${source.shape.selected}`,
    (from) => `SELECT * FROM ${from}`,
    'same',
  );
  await bumpAfter(source, on, rows.length > 0);
  return rows[0] ? source.shape.record(rows[0]) : undefined;
}

/**
 * Deletes the rows a WHERE clause selects; in a table the application owns, leaves their
 * tombstones and counts the write. The number of rows deleted.
 */
export async function removeRows<C>(source: WriteSource<unknown, C>, on: C, where: WhereOf): Promise<number> {
  const { map, dialect, driver } = source;
  if (map.managed && !countsInStatement(source)) {
    const parameters = new Parameters(dialect.placeholder);
    return driver.run(on, `DELETE FROM ${source.shape.table} WHERE ${where(parameters)}`, parameters.values);
  }
  const { bookkeeping } = dialect;
  const rows = await counted(
    source,
    on,
    (parameters) =>
      `DELETE FROM ${source.shape.table} WHERE ${where(parameters)} RETURNING ${dialect.quote(map.id.column)} AS id`,
    (from) => `SELECT count(*) AS n FROM ${from}`,
    'removed',
    (collection, from) => [`stones AS (${bookkeeping.tombstonesFrom(collection, from)})`],
  );
  if (dialect.can.writableCte) return Number((rows[0] as unknown[])[0]);
  const tombstone = bookkeeping.tombstone(dialect.placeholder(1), dialect.placeholder(2));
  for (const row of rows) await driver.run(on, tombstone, [map.collection, (row as unknown[])[0]]);
  await bumpAfter(source, on, rows.length > 0);
  return rows.length;
}

/** The WHERE of one row by its key, with its version when one is expected and the database gives it. */
export function rowWhere(source: WriteSource<unknown, unknown>, key: string, expectedVersion?: number): WhereOf {
  const { map, dialect } = source;
  const version = source.shape.versionSql;
  return (parameters) =>
    `${dialect.idEquals(map, parameters.add(dialect.idValue(map, key)))}${version && expectedVersion !== undefined ? ` AND ${version} = ${parameters.add(expectedVersion)}` : ''}`;
}

/** The WHERE of an exact filter, numbered after what `parameters` holds. */
export function filterWhere(source: WriteSource<unknown, unknown>, filter: StoreFilter): WhereOf {
  return (parameters) => {
    const where = whereOf(source.map, source.dialect, filter, {}, parameters.next);
    for (const value of where.parameters) parameters.values.push(value);
    return where.sql;
  };
}
