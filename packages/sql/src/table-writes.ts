import type { Lookup, StoredRecord, StoreFilter } from '@corral/core';
import { whereOf } from './query.js';
import type { TableReads } from './reads.js';
import type { ReadSource } from './table-reads.js';
import { Parameters } from './row-records.js';
import { runLast, type Maybe, type SqlRow } from './sql-driver.js';
import type { ColumnMap } from './table-map.js';
import { checkLimits } from './column-limits.js';
import { columnValue, rowValues } from './values.js';
import {
  appendAfter,
  appendRowsAfter,
  powerOfTwoChunks,
  rowBefore,
  versionOf,
  type ChangeSql,
  type ChangeWriting,
} from './change-writes.js';
import { versionAlias } from './row-records.js';

/** What the writes of a table need of its store beside its reads. */
export interface WriteSource<T, C> extends ReadSource<T, C> {
  /** The id of a new row where the database would not give one, or undefined. */
  newId(on: C): Maybe<unknown>;
  /** One record: found, gone or missing. */
  lookup(on: C, key: string): Maybe<Lookup<T>>;
  /**
   * One record, read to check its version before a write in the same unit: locked where the
   * dialect can lock rows (`lockClause`), so that of writers holding the same version one wins.
   */
  lookupForWrite(on: C, key: string): Maybe<Lookup<T>>;
  /** The read statements on a connection. */
  reads(on: C): TableReads<T>;
  /** How this table's writes reach the change log (see {@link ChangeWriting}). */
  readonly changeWriting: ChangeWriting;
  /** The change log's SQL, when the database keeps one. */
  readonly changeSql: ChangeSql | undefined;
  /** Whether triggers log other programs' writes to this table the application owns (`changeTriggers`). */
  readonly changeTriggers: boolean;
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
  log?: (changes: ChangeSql, collection: string, from: string) => string,
  reuse?: Reuse,
): Promise<SqlRow[]> {
  const { map, dialect, driver } = source;
  const options = { arrays: true, writes: true } as const;
  const inStatement = countsInStatement(source);
  if (reuse) {
    const known = builtTexts.get(source)?.get(reuse.shape);
    if (known !== undefined)
      return driver.rows(on, known, inStatement ? [map.collection, ...reuse.values] : reuse.values, options);
  }
  const parameters = new Parameters(dialect.placeholder);
  if (!inStatement) {
    const sql = write(parameters);
    remember(source, reuse, sql, parameters.values, reuse?.values);
    return driver.rows(on, sql, parameters.values, options);
  }
  const collection = parameters.add(map.collection);
  const statement = write(parameters);
  // On the store's own table, the mark tells its triggers that this statement keeps its own books.
  const mark = map.managed || source.changeTriggers ? (dialect.bookkeeping.ownStatementMark ?? '') : '';
  const delta = !map.managed || live === 'same' ? '0' : `${live === 'removed' ? '-' : ''}(SELECT count(*) FROM w)`;
  const parts = [
    `w AS (${statement})`,
    ...more(collection, 'w'),
    ...(log && source.changeWriting === 'statement' ? [`logged AS (${log(source.changeSql!, collection, 'w')})`] : []),
    `bump AS (${dialect.bookkeeping.revisionBump(collection, 'EXISTS (SELECT 1 FROM w)', delta)})`,
  ];
  const sql = `${mark}WITH ${parts.join(', ')} ${select('w')}`;
  remember(source, reuse, sql, parameters.values, reuse && [map.collection, ...reuse.values]);
  return driver.rows(on, sql, parameters.values, options);
}

/**
 * A write whose statement text depends only on `shape` (a key the caller makes of what decides the
 * text), with the values its parameters take in order: the text is built once per store and shape,
 * not hashed anew for the prepared statement's name on every write.
 */
interface Reuse {
  readonly shape: string;
  readonly values: unknown[];
}

/** Statement texts by store and shape (see {@link Reuse}). */
const builtTexts = new WeakMap<object, Map<string, string>>();

/** Keeps a text for its shape, when the parameters came out in the order the shape's values give. */
function remember(
  source: object,
  reuse: Reuse | undefined,
  sql: string,
  values: readonly unknown[],
  expected: readonly unknown[] | undefined,
): void {
  if (!reuse || !expected || values.length !== expected.length) return;
  if (!values.every((value, i) => Object.is(value, expected[i]))) return;
  let texts = builtTexts.get(source);
  if (!texts) builtTexts.set(source, (texts = new Map()));
  texts.set(reuse.shape, sql);
}

/**
 * Whether a write of this table is counted by a statement of its own after it: in a table the
 * application owns, where neither the write's statement nor the change log's append counts it.
 */
export function countedAfter(source: WriteSource<unknown, unknown>): boolean {
  const { map, dialect } = source;
  if (map.managed || dialect.can.writableCte) return false;
  return !(dialect.bookkeeping.logCountsOwnedWrites && source.changeWriting !== 'none');
}

/** Counts a write of a table the application owns where {@link counted} could not. */
async function bumpAfter<C>(source: WriteSource<unknown, C>, on: C, changed: boolean): Promise<void> {
  const { map, dialect, driver } = source;
  if (!changed || !countedAfter(source)) return;
  await runLast(driver, on, dialect.bookkeeping.revisionBump(dialect.placeholder(1)), [map.collection]);
}

export async function insertRow<T, C>(source: WriteSource<T, C>, on: C, data: T): Promise<StoredRecord<T>> {
  return (await insertRows(source, on, [data]))[0]!;
}

/**
 * The values of records as an INSERT writes them, a tuple each in the order of the columns
 * {@link insertText} names: the id where the store gives it (`ids`, else undefined each), the
 * first version of a version column of a table the application owns, then the fields' columns.
 */
export function insertTuples<T>(
  source: WriteSource<T, unknown>,
  many: readonly T[],
  ids: readonly unknown[],
): unknown[][] {
  const { map, dialect } = source;
  const versioned = map.version !== undefined && !map.managed;
  return many.map((data, i) => [
    ...(ids[i] !== undefined ? [ids[i]] : []),
    ...(versioned ? [1] : []),
    ...rowValues(map, data as Record<string, unknown>, dialect.codec),
  ]);
}

/** `INSERT ... VALUES ... RETURNING` a record's SELECT list, of tuples made by {@link insertTuples}. */
export function insertText(
  source: WriteSource<unknown, unknown>,
  withIds: boolean,
  tuples: readonly (readonly unknown[])[],
  parameters: Parameters,
): string {
  const { map, dialect } = source;
  const names = [
    ...(withIds ? [map.id.column] : []),
    ...(map.version !== undefined && !map.managed ? [map.version] : []),
    ...map.columns.map((column) => column.column),
  ];
  const values = tuples.map((tuple) => `(${tuple.map((value) => parameters.add(value)).join(', ')})`);
  return `INSERT INTO ${source.shape.table} (${names.map((name) => dialect.quote(name)).join(', ')}) VALUES ${values.join(', ')} RETURNING ${source.shape.selected}`;
}

/**
 * Inserts records in one statement (with their bookkeeping); their records come back in the order
 * given, as the database returns the rows of `INSERT ... VALUES` in the order of its values.
 */
export async function insertRows<T, C>(
  source: WriteSource<T, C>,
  on: C,
  many: readonly T[],
): Promise<StoredRecord<T>[]> {
  const { map, dialect } = source;
  const ids: unknown[] = [];
  for (const _ of many) {
    const fresh = source.newId(on);
    ids.push(fresh instanceof Promise ? await fresh : fresh);
  }
  const withIds = ids[0] !== undefined;
  const tuples = insertTuples(source, many, ids);
  const rows = await counted(
    source,
    on,
    (parameters) => insertText(source, withIds, tuples, parameters),
    (from) => `SELECT * FROM ${from}`,
    'added',
    undefined,
    (changes, collection, from) => {
      const parts = {
        id: `${from}.${dialect.quote(map.id.column)}`,
        version: versionOf(source, from),
        row: changes.rowJson(from),
      };
      // Several creates of one statement share a log row where the engine keeps them together.
      return many.length > 1 && changes.appendBatchFrom
        ? changes.appendBatchFrom(collection, 'created', from, parts)
        : changes.appendFrom(collection, 'created', from, parts);
    },
    { shape: `${withIds ? 'insert with id' : 'insert'} x${many.length}`, values: tuples.flat() },
  );
  if (rows.length !== many.length) throw new Error(`${many.length} rows were inserted, ${rows.length} came back`);
  await bumpAfter(source, on, true);
  // Their log rows in one statement where the engine appends them after the write.
  await appendRowsAfter(source, on, 'created', rows);
  return rows.map((row) => source.shape.record(row));
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
    const now = await source.lookupForWrite(on, key);
    if (now.status !== 'found' || now.record.version !== expectedVersion) return undefined;
  }
  // Only the columns written: an update leaves the others, and their limits, alone.
  checkLimits(map, data as Record<string, unknown>);
  const values = columns.map((column) =>
    columnValue(column, (data as Record<string, unknown>)[column.field], dialect.codec),
  );
  const q = dialect.quote;
  // Parameters in the order the text names them, for dialects whose placeholders are positional (`?`).
  const set = (parameters: Parameters) => {
    const assignments = columns.map((column, i) => `${q(column.column)} = ${parameters.add(values[i])}`);
    if (map.version) assignments.push(`${q(map.version)} = coalesce(${q(map.version)}, 0) + 1`);
    return `UPDATE ${source.shape.table} SET ${assignments.join(', ')}`;
  };
  const update = (parameters: Parameters) =>
    `${set(parameters)} WHERE ${rowWhere(source, key, expectedVersion)(parameters)}`;
  const before = await rowBefore(source, on, key);
  if (!dialect.can.returningOnUpdate) {
    // No RETURNING: the row is read back in the same unit (see `manyStatements`).
    const parameters = new Parameters(dialect.placeholder);
    const changed = (await driver.run(on, update(parameters), parameters.values)) > 0;
    await bumpAfter(source, on, changed);
    if (!changed) return undefined;
    const record = ((await source.lookup(on, key)) as { record?: StoredRecord<T> }).record;
    if (record)
      await appendAfter(source, on, 'updated', record.id, record.version, await rowBefore(source, on, key), before);
    return record;
  }
  const logged = source.changeWriting === 'statement';
  // The row as it was, read and locked by the statement itself (RETURNING gives only the new one).
  const prior = (parameters: Parameters) => {
    const changes = source.changeSql!;
    const id = dialect.quote(map.id.column);
    const where = rowWhere(source, key, expectedVersion)(parameters);
    return `FROM (SELECT ${id} AS corral_key, ${changes.rowJson('corral_prior')} AS corral_old FROM ${source.shape.table} AS corral_prior WHERE ${where} FOR UPDATE) AS corral_before WHERE ${id} = corral_before.corral_key`;
  };
  // The record's columns as the answer reads them: selected from the statement, and the log's row after.
  const read = [
    map.id.column,
    ...map.columns.map((column) => column.column),
    ...(source.shape.versionSql ? [versionAlias] : []),
  ];
  const names = read.map((name) => dialect.quote(name));
  const rows = await counted(
    source,
    on,
    (parameters) =>
      logged
        ? `${set(parameters)} ${prior(parameters)} RETURNING ${source.shape.selected}, corral_before.corral_old`
        : `${update(parameters)} RETURNING ${source.shape.selected}`,
    (from) => (logged ? `SELECT ${names.join(', ')} FROM ${from}` : `SELECT * FROM ${from}`),
    'same',
    undefined,
    (changes, collection, from) =>
      changes.appendFrom(collection, 'updated', from, {
        id: `${from}.${dialect.quote(map.id.column)}`,
        version: versionOf(source, from),
        row: changes.rowJson(from, read),
        previous: `${from}.corral_old`,
      }),
  );
  await bumpAfter(source, on, rows.length > 0);
  if (!rows[0]) return undefined;
  const record = source.shape.record(rows[0]);
  await appendAfter(source, on, 'updated', record.id, record.version, rows[0], before);
  return record;
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
  const id = dialect.quote(map.id.column);
  // What the log needs of each deleted row: its version and its data before.
  const returning =
    source.changeWriting === 'statement'
      ? `${id} AS id, ${source.shape.versionSql ?? 'NULL'} AS ${versionAlias}, ${source.changeSql!.rowJson('corral_row')} AS corral_old`
      : source.changeWriting === 'after'
        ? source.shape.selected
        : `${id} AS id`;
  const rows = await counted(
    source,
    on,
    (parameters) =>
      `DELETE FROM ${source.shape.table}${source.changeWriting === 'statement' ? ' AS corral_row' : ''} WHERE ${where(parameters)} RETURNING ${returning}`,
    (from) => `SELECT count(*) AS n FROM ${from}`,
    'removed',
    (collection, from) => [`stones AS (${bookkeeping.tombstonesFrom(collection, from)})`],
    (changes, collection, from) =>
      changes.appendFrom(collection, 'deleted', from, {
        id: `${from}.id`,
        version: versionOf(source, from),
        previous: `${from}.corral_old`,
      }),
  );
  if (dialect.can.writableCte) return Number((rows[0] as unknown[])[0]);
  // A bulk delete leaves its tombstones and log rows in a few statements, not a round trip per row.
  const ids = rows.map((row) => (row as unknown[])[0]);
  if (bookkeeping.tombstoneRows)
    for (const chunk of powerOfTwoChunks(ids)) {
      const placeholders = chunk.map((_, i) => dialect.placeholder(i + 2));
      await driver.run(on, bookkeeping.tombstoneRows(dialect.placeholder(1), placeholders), [map.collection, ...chunk]);
    }
  else {
    const tombstone = bookkeeping.tombstone(dialect.placeholder(1), dialect.placeholder(2));
    for (const id of ids) await driver.run(on, tombstone, [map.collection, id]);
  }
  await appendRowsAfter(source, on, 'deleted', rows);
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
