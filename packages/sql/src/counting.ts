import type { ListQuery } from '@corral/core';

/** How a dialect answers the questions a total may need. */
export interface CountSource {
  /** The database's estimate of the matches (the planner's, or statistics); undefined when it has none. */
  estimate(): Promise<number | undefined>;
  /** The exact number of matches. */
  count(): Promise<number>;
}

/** A list's total, and whether it is an estimate. */
export interface Counted {
  /** The number of matches, or the estimate of it. */
  readonly total: number;
  /** Whether `total` is an estimate. */
  readonly estimated: boolean;
}

/**
 * The total of a list, the way PostgREST's `count=estimated` works: without a count policy every
 * total is exact; with one, the database's estimate comes first and stands when it is above the
 * threshold; when it is at or under it, or the database has none, the matches are counted.
 */
export async function countMatches(policy: ListQuery['count'], source: CountSource): Promise<Counted> {
  if (policy) {
    const estimate = await source.estimate();
    if (estimate !== undefined && estimate > policy.estimateAbove)
      return { total: Math.round(estimate), estimated: true };
  }
  return { total: await source.count(), estimated: false };
}

/** Which records a page asks for: whole, non-negative numbers. */
export interface PageWindow {
  /** Matches to skip. */
  readonly offset: number;
  /** Matches wanted; 0 for the total only. */
  readonly limit: number;
}

/** The page a query asks for, made safe for SQL. */
export function pageWindow(query: Pick<ListQuery, 'offset' | 'limit'>): PageWindow {
  return { offset: Math.max(0, Math.floor(query.offset) || 0), limit: Math.max(0, Math.floor(query.limit) || 0) };
}

/**
 * An estimated total corrected by the page itself: a page that came back short (and is not past
 * the end) ends the list, so the total is known exactly; a full page raises a low estimate, an
 * empty page past the end lowers a high one.
 */
export function settledTotal(counted: Counted, window: PageWindow, rows: number): Counted {
  if (!counted.estimated) return counted;
  if (rows < window.limit && (rows > 0 || window.offset === 0))
    return { total: window.offset + rows, estimated: false };
  // Past the end: there are at most `offset`. Otherwise the page's rows are there, so at least `offset + rows`.
  if (rows === 0) return { total: Math.min(counted.total, window.offset), estimated: true };
  return { total: Math.max(counted.total, window.offset + rows), estimated: true };
}
