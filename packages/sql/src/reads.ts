import type { ListQuery, ListResult, Lookup, StoredRecord } from '@corral/core';
import { countMatches, settledTotal, pageWindow, type Counted, type PageWindow } from './counting.js';
import type { EstimateMemo } from './estimate-memo.js';
import { keyOfId, keysOfIds } from './ids.js';
import { lookupOf } from './outcomes.js';
import { orderOf, whereOf, type QueryDialect, type Where } from './query.js';
import type { Maybe } from './sql-driver.js';
import type { TableMap } from './table-map.js';

/** The collection's revision, and the live count kept beside it (undefined where the store keeps none). */
export interface RevisionRead {
  /** The collection's revision. */
  readonly revision: number;
  /** Live records counted beside it; undefined where none are kept. */
  readonly kept: number | undefined;
}

/** A page of records read together with the revision, in one statement (one snapshot). */
export interface PageRead<T> extends RevisionRead {
  /** The page's records, in order. */
  readonly records: StoredRecord<T>[];
}

/**
 * The statements a dialect runs for reads, bound to one connection (or one unit of work). SQLite
 * answers synchronously, PostgreSQL with promises; both fit.
 */
export interface TableReads<T> {
  /** The revision and the kept live count. */
  revision(): Maybe<RevisionRead>;
  /**
   * One page of matches in the given ORDER BY, with the revision read in the same statement. With
   * `fields`, the records' data may hold only those fields (see {@link projectedMap}).
   */
  page(where: Where, order: string, window: PageWindow, fields?: readonly string[]): Maybe<PageRead<T>>;
  /** The database's estimate of the matches; undefined without one. */
  estimate(where: Where): Maybe<number | undefined>;
  /** The exact number of matches. */
  count(where: Where): Maybe<number>;
  /** The live records with these keys (in any order). */
  records(keys: readonly string[]): Maybe<StoredRecord<T>[]>;
  /** Which of these keys are tombstones. */
  tombstones(keys: readonly string[]): Maybe<ReadonlySet<string>>;
}

/**
 * One page of a list with its total and revision. The page and the revision come from one
 * statement, so a list's tag never names a revision newer than its rows (a bulk If-Match built
 * from it cannot cover a record the client never saw). The total is worked out with as little as
 * it takes: a page that ends the list tells it exactly, a kept count answers an unfiltered list,
 * and only otherwise is the database asked to estimate or count (see {@link countMatches}); an
 * estimate asked at this revision a moment ago is taken from `estimates` where given.
 */
export async function listPage<T>(
  map: TableMap,
  dialect: QueryDialect,
  reads: TableReads<T>,
  query: ListQuery,
  estimates?: EstimateMemo,
): Promise<ListResult<T>> {
  const where = whereOf(map, dialect, query.filter ?? {}, query);
  const { seek } = query;
  // A page before a place is read backwards from it, then turned round.
  const backwards = seek?.from === 'before';
  const window = seek ? { offset: 0, limit: pageWindow(query).limit } : pageWindow(query);
  const read: PageRead<T> =
    window.limit > 0 && !where.none
      ? await reads.page(where, orderOf(map, dialect, query.sort, backwards), window, query.fields)
      : { ...(await reads.revision()), records: [] };
  const { revision, kept } = read;
  const records = backwards ? [...read.records].reverse() : read.records;
  if (where.none && !seek) return { items: [], total: 0, revision };
  // A page found from a place says nothing of the total: the matches are counted without the place.
  const counting = seek ? whereOf(map, dialect, query.filter ?? {}, { ...query, seek: undefined }) : where;
  let counted: Counted;
  if (counting.none) counted = { total: 0, estimated: false };
  else if (!seek && window.limit > 0 && records.length < window.limit && (records.length > 0 || window.offset === 0))
    counted = { total: window.offset + records.length, estimated: false };
  else if (counting.all && kept !== undefined) counted = { total: kept, estimated: false };
  else {
    counted = await countMatches(query.count, {
      estimate: async () =>
        estimates
          ? estimates.estimate(counting, revision, async () => reads.estimate(counting))
          : reads.estimate(counting),
      count: async () => reads.count(counting),
    });
  }
  const total = seek ? counted : settledTotal(counted, window, records.length);
  return { items: records, total: total.total, ...(total.estimated ? { totalEstimated: true } : {}), revision };
}

/** How many records match an exact filter; a kept count answers `{}`. */
export async function countWhere<T>(
  map: TableMap,
  dialect: QueryDialect,
  reads: TableReads<T>,
  filter: Readonly<Record<string, unknown>>,
): Promise<number> {
  const where = whereOf(map, dialect, filter);
  if (where.none) return 0;
  if (where.all) {
    const { kept } = await reads.revision();
    if (kept !== undefined) return kept;
  }
  return reads.count(where);
}

/** One lookup per id, in the order asked: found, gone (a tombstone) or missing. Two queries at most. */
export async function lookups<T>(map: TableMap, reads: TableReads<T>, ids: readonly string[]): Promise<Lookup<T>[]> {
  const keys = keysOfIds(map.id.storage, ids);
  if (keys.length === 0) return ids.map(() => ({ status: 'missing' }));
  const found = new Map((await reads.records(keys)).map((record) => [record.id, record]));
  const absent = keys.filter((key) => !found.has(key));
  const gone = absent.length > 0 ? await reads.tombstones(absent) : new Set<string>();
  return ids.map((id) => {
    const key = keyOfId(map.id.storage, id);
    return key === undefined ? { status: 'missing' } : lookupOf(found.get(key), gone.has(key));
  });
}
