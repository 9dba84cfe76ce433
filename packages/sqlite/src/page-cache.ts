import type { StoredRecord } from '@corral/core';
import { BoundedCache, stringBytes, type CacheBounds } from '@corral/sql';

/** What a key may hold: the values list statements bind. */
type Bound = string | number | bigint | null;

/** The page cache's bounds when none are given: shared by every collection of a database. */
export const pageCacheDefaults: Required<CacheBounds> = { maxEntries: 2_000, maxBytes: 16 * 1024 * 1024 };

/** A page as the shared cache keeps it: whose it is, the revision it was read at, and its estimated bytes. */
export interface KeptPage {
  /** The table's page cache that kept it: only that one serves it. */
  readonly owner: object;
  /** The table's revision when the page was read. */
  readonly revision: number;
  /** The page's records, frozen. */
  readonly records: readonly StoredRecord<unknown>[];
  /** The estimated bytes of the records. */
  readonly bytes: number;
}

/** The pages of every collection of one database, in one budget of entries and bytes. */
export function sharedPages(bounds: Required<CacheBounds>): BoundedCache<KeptPage> {
  return new BoundedCache<KeptPage>(bounds, (page) => page.bytes);
}

/**
 * Pages of a table read at its current revision, found again while the revision stays the same,
 * so that a page asked for again costs one lookup of the revision instead of the page's query.
 * Only for tables whose every write (in any process) moves the revision: the triggers of the tables
 * Corral makes. The pages live in the database's shared cache, bounded by entries and by bytes
 * (keys included, so empty pages count too); pages of an older revision are never served and go as
 * the least recently used.
 */
export class PageCache<T> {
  private revision: number | undefined;

  constructor(private readonly pages: BoundedCache<KeptPage>) {}

  /** The key of a statement and its values; undefined for values no key is made of (blobs). */
  static keyOf(sql: string, values: readonly unknown[]): string | undefined {
    let key = sql;
    for (const value of values as readonly Bound[]) {
      // Lengths, so that no string can pass for two values.
      if (typeof value === 'string') key += `\u0000s${value.length}:${value}`;
      else if (typeof value === 'number' || typeof value === 'bigint') key += `\u0000n${value}`;
      else if (value === null) key += '\u0000z';
      else return undefined;
    }
    return key;
  }

  get(revision: number, key: string): readonly StoredRecord<T>[] | undefined {
    if (revision !== this.revision) return undefined;
    const page = this.pages.get(key);
    if (page?.owner !== this || page.revision !== revision) return undefined;
    return page.records as readonly StoredRecord<T>[];
  }

  /**
   * Keeps a page read at `revision` (this table's pages of any other revision are no longer served)
   * and freezes its records: one object may now reach several requests.
   */
  set(revision: number, key: string, records: readonly StoredRecord<T>[]): void {
    this.revision = revision;
    let bytes = 32 + 8 * records.length;
    for (const record of records) bytes += frozenBytes(record);
    this.pages.set(key, { owner: this, revision, records, bytes });
  }
}

/**
 * Freezes a value read from a row and everything in it (JSON columns hold objects and arrays), and
 * estimates the bytes it holds. The estimate leans high: a string may take two bytes a character.
 */
export function frozenBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value !== 'object' || value === null) return 16;
  if (ArrayBuffer.isView(value)) return 64 + value.byteLength;
  Object.freeze(value);
  let bytes = 32;
  // Property names are shared by the records of one shape: each property counts its slot only.
  for (const inner of Object.values(value)) bytes += 16 + frozenBytes(inner);
  return bytes;
}
