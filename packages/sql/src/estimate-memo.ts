import { BoundedCache, type CacheBounds } from './bounded-cache.js';
import type { Where } from './query.js';

/** How long an estimate is kept at most: other programs' writes do not move a table's revision. */
export const estimateKeptFor = 1_000;
/** How many conditions' estimates a store keeps, and their keys' bytes; the least recently used go first. */
export const estimateBounds: Required<CacheBounds> = { maxEntries: 256, maxBytes: 1 << 20 };

interface Kept {
  readonly revision: number;
  readonly estimate: number;
  /** When it was asked (by the memo's clock). */
  readonly at: number;
}

/**
 * The database's estimates of the matches of a condition, kept for the collection's revision at
 * which they were asked, for a second at most. Asking again while nothing was written (for a page
 * at a time, an `EXPLAIN` per list request) gives a number as good as the one kept: an estimate is
 * one, and within a revision the rows are the same. A write moves the revision, and with it every
 * kept estimate is passed over; writes the revision does not count (another program's, on a table
 * the application owns) are taken in after a second.
 */
export class EstimateMemo {
  // Keys hold the clients' filter values and search text: the cache counts them, so long ones fill its budget.
  private readonly kept = new BoundedCache<Kept>(estimateBounds);

  /** `now` tells the time in milliseconds (tests give their own clock). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The estimate for `where` at `revision`, asking `ask` only when none is kept for it. */
  async estimate(where: Where, revision: number, ask: () => Promise<number | undefined>): Promise<number | undefined> {
    const key = keyOf(where);
    const kept = this.kept.get(key);
    if (kept && kept.revision === revision && this.now() - kept.at <= estimateKeptFor) return kept.estimate;
    const at = this.now();
    const estimate = await ask();
    // Having none is not kept: statistics can come (ANALYZE) without a write.
    if (estimate !== undefined) this.kept.set(key, { revision, estimate, at });
    return estimate;
  }
}

/** The condition's text and values, as one key (JSON keeps 1 and "1" apart). */
function keyOf(where: Where): string {
  return `${where.sql}\u0000${JSON.stringify(where.parameters, (_, value) => (typeof value === 'bigint' ? `${value}n` : value))}`;
}
