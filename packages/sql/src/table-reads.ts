import type { StoredRecord } from '@corral/core';
import type { PageWindow } from './counting.js';
import type { Where } from './query.js';
import type { PageRead, RevisionRead, TableReads } from './reads.js';
import type { SqlDialect } from './sql-dialect.js';
import { chain, type Maybe, type SqlDriver, type SqlRow } from './sql-driver.js';
import type { TableMap } from './table-map.js';
import type { TableShape } from './table-shape.js';

/** Pages kept while the revision stays the same (SQLite's page cache); the engine only asks and tells. */
export interface PageMemo<T> {
  /** The page kept for this revision and statement, if any. */
  get(revision: number, sql: string, values: readonly unknown[]): readonly StoredRecord<T>[] | undefined;
  /** Keeps a page; what it hands back is what the caller serves (frozen, say). */
  set(revision: number, sql: string, values: readonly unknown[], records: StoredRecord<T>[]): StoredRecord<T>[];
}

/** What the reads of a table need of its store: texts built once, and how rows become records. */
export interface ReadSource<T, C> {
  /** The table and its columns. */
  readonly map: TableMap;
  /** How the database spells statements. */
  readonly dialect: SqlDialect;
  /** How statements run. */
  readonly driver: SqlDriver<C>;
  /** How the table's rows are named, selected and read. */
  readonly shape: TableShape<T>;
  /** The database's estimate of the rows a condition matches, where it has one. */
  estimate(on: C, where: Where): Maybe<number | undefined>;
  /** The pages kept on this connection, where the engine keeps any. */
  pageMemo(on: C): PageMemo<T> | undefined;
}

/** The read statements of a table, and the one of a single record (every GET of a record makes it). */
export interface EngineReads<T> extends TableReads<T> {
  /** The record with this key, if any. */
  record(key: string): Maybe<StoredRecord<T> | undefined>;
}

/** The read statements of one table on one connection (or unit of work). */
export function tableReads<T, C>(source: ReadSource<T, C>, on: C, lock = ''): EngineReads<T> {
  const { map, dialect, driver } = source;
  const { shape } = source;
  const { table } = shape;
  const { bookkeeping, can } = dialect;
  const p = (n: number) => dialect.placeholder(n);
  // Rows a unit locks are locked in id order, so that two units locking the same rows never deadlock.
  const byId = `SELECT ${shape.selected} FROM ${table} WHERE ${dialect.idEquals(map, p(1))}${lock}`;
  const byIds = `SELECT ${shape.selected} FROM ${table} WHERE ${dialect.idIn(map, p(1))}${lock && ` ORDER BY ${dialect.quote(map.id.column)}${lock}`}`;
  const tombstones = bookkeeping.tombstones(p(1), p(2));
  const revisionSql = bookkeeping.revisionRead(p(1), false);
  const countsOf = (row: SqlRow): RevisionRead => {
    const [revision, live] = Array.isArray(row)
      ? row
      : [(row as Record<string, unknown>).revision, (row as Record<string, unknown>).live];
    return { revision: Number(revision), kept: map.managed ? Number(live) : undefined };
  };
  const revision = (): Maybe<RevisionRead> =>
    chain(driver.rows(on, revisionSql, [map.collection], { arrays: true }), (rows) => countsOf(rows[0]!));
  const planEachTime = (where: Where) => where.searched || where.compared;
  const memo = source.pageMemo(on);
  const versioned = shape.versionSql !== undefined;

  /** Revision first, then the rows, with nothing of this process between (a synchronous driver). */
  const pageAfterRevision = (where: Where, order: string, window: PageWindow, fields?: readonly string[]) =>
    chain(revision(), (at): Maybe<PageRead<T>> => {
      const { select, map: read } = shape.selection(fields);
      const n = where.parameters.length;
      const sql = `SELECT ${select} FROM ${table} WHERE ${where.sql} ORDER BY ${order} LIMIT ${p(n + 1)} OFFSET ${p(n + 2)}`;
      const values = [...where.parameters, window.limit, window.offset];
      const cached = memo?.get(at.revision, sql, values);
      if (cached) return { ...at, records: [...cached] };
      return chain(driver.rows(on, sql, values, { arrays: true, planEachTime: planEachTime(where) }), (rows) => {
        const records = rows.map((row) => shape.record(row, read));
        return { ...at, records: memo ? [...memo.set(at.revision, sql, values, records)] : records };
      });
    });

  /** One statement reads the rows and the revision (one snapshot): a page's tag is never newer than its rows. */
  const pageWithRevision = async (where: Where, order: string, window: PageWindow, fields?: readonly string[]) => {
    const n = where.parameters.length;
    const { select, map: read } = shape.selection(fields);
    const counts = bookkeeping.pageCounts(map, p(n + 1));
    // A literal LIMIT on a first page lets the server keep one plan for it (see `literalFirstLimit`).
    const literal = can.literalFirstLimit && window.offset === 0 && shape.literalLimit(window.limit);
    const slice = literal ? `LIMIT ${window.limit}` : `LIMIT ${p(n + 2)} OFFSET ${p(n + 3)}`;
    const sql = `SELECT ${select}, ${counts} AS corral_counts FROM ${table} WHERE ${where.sql} ORDER BY ${order} ${slice}`;
    const values = [...where.parameters, map.collection, ...(literal ? [] : [window.limit, window.offset])];
    // After the id, the columns and the version (where a column or expression gives one).
    const countsAt = read.columns.length + (versioned ? 2 : 1);
    for (;;) {
      const rows = (await driver.rows(on, sql, values, {
        arrays: true,
        planEachTime: planEachTime(where),
      })) as unknown[][];
      if (rows[0]) return { ...pageCounts(rows[0][countsAt]), records: rows.map((row) => shape.record(row, read)) };
      // An empty page carries no revision: it is read with a check, in one snapshot, that the page is still empty.
      // LIMIT 1 before OFFSET: MariaDB takes no OFFSET alone.
      const check = `SELECT ${counts} AS corral_counts, EXISTS (SELECT 1 FROM ${table} WHERE ${where.sql} LIMIT 1 OFFSET ${p(n + 2)}) AS appeared`;
      const [row] = (await driver.rows(on, check, [...where.parameters, map.collection, window.offset], {
        arrays: true,
        planEachTime: planEachTime(where),
      })) as unknown[][];
      if (!row![1]) return { ...pageCounts(row![0]), records: [] };
    }
  };
  /** The page's counts expression: the revision alone, or with the live count (an array). */
  const pageCounts = (value: unknown): RevisionRead => {
    if (!map.managed) return { revision: Number(value), kept: undefined };
    // A JSON array, which a driver may give as its text (mysql2's jsonStrings).
    const [read, live] = (typeof value === 'string' ? JSON.parse(value) : value) as [unknown, unknown];
    return { revision: Number(read), kept: Number(live) };
  };

  return {
    revision,
    page: can.revisionInPage ? pageWithRevision : pageAfterRevision,
    estimate: (where) => source.estimate(on, where),
    count: (where) =>
      chain(
        driver.rows(on, `SELECT count(*) AS n FROM ${table} WHERE ${where.sql}`, where.parameters, {
          arrays: true,
          planEachTime: planEachTime(where),
        }),
        (rows) => Number((rows[0] as unknown[])[0]),
      ),
    record: (key) => {
      const values = [dialect.idValue(map, key)];
      if (driver.first) {
        const row = driver.first(on, byId, values);
        return row instanceof Promise ? row.then((found) => found && shape.record(found)) : row && shape.record(row);
      }
      return chain(driver.rows(on, byId, values, { arrays: true }), (rows) => rows[0] && shape.record(rows[0]));
    },
    records: (keys) =>
      chain(
        keys.length === 1
          ? driver.rows(on, byId, [dialect.idValue(map, keys[0]!)], { arrays: true })
          : driver.rows(on, byIds, [dialect.idList(map, keys)], { arrays: true }),
        (rows) => rows.map((row) => shape.record(row)),
      ),
    tombstones: (keys) =>
      chain(
        driver.rows(on, tombstones, [map.collection, dialect.idList(map, keys)], { arrays: true }),
        (rows) => new Set(rows.map((row) => String((row as unknown[])[0]))),
      ),
  };
}
