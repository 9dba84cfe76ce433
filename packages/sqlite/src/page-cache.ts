import type { StoredRecord } from '@corral/core';

/** What a key may hold: the values list statements bind. */
type Bound = string | number | bigint | null;

/**
 * Pages of a table read at its current revision, found again while the revision stays the same,
 * so that a page asked for again costs one lookup of the revision instead of the page's query.
 * Only for tables whose every write (in any process) moves the revision: the triggers of the tables
 * Corral makes. Bounded by the records it holds; the oldest page goes first.
 */
export class PageCache<T> {
  private revision: number | undefined;
  private pages = new Map<string, readonly StoredRecord<T>[]>();
  private held = 0;

  constructor(private readonly maxRecords = 10_000) {}

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
    return revision === this.revision ? this.pages.get(key) : undefined;
  }

  /** Keeps a page read at `revision`; pages of any other revision are forgotten. */
  set(revision: number, key: string, records: readonly StoredRecord<T>[]): void {
    if (records.length > this.maxRecords) return;
    if (revision !== this.revision) {
      this.revision = revision;
      this.pages = new Map();
      this.held = 0;
    }
    for (const [oldest, page] of this.pages) {
      if (this.held + records.length <= this.maxRecords) break;
      this.pages.delete(oldest);
      this.held -= page.length;
    }
    this.pages.set(key, records);
    this.held += records.length;
  }
}

/** Freezes a value read from a row and everything in it (JSON columns hold objects and arrays). */
export function deepFrozen<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFrozen(inner);
  }
  return value;
}
