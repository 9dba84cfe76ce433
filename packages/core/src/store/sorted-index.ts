import { compareEntries } from './compare.js';
import type { SortOrder } from './store.js';

/**
 * Sequence numbers of the live records ordered by one field's value, ties by sequence number.
 * Plain parallel arrays: reads walk them in order at no cost, and a write pays one binary search
 * plus a splice (O(n) moves of small numbers), which is fine for an in-memory store.
 */
export class SortedIndex {
  readonly field: string;
  #keys: unknown[] = [];
  #seqs: number[] = [];

  constructor(field: string) {
    this.field = field;
  }

  /** Builds the index with a single sort, for data that exists before the index does. */
  static build(field: string, entries: Iterable<readonly [seq: number, key: unknown]>): SortedIndex {
    const pairs = Array.from(entries, ([seq, key]) => ({ seq, key }));
    pairs.sort((a, b) => compareEntries(a.key, a.seq, b.key, b.seq));
    const index = new SortedIndex(field);
    index.#keys = pairs.map((pair) => pair.key);
    index.#seqs = pairs.map((pair) => pair.seq);
    return index;
  }

  get size(): number {
    return this.#seqs.length;
  }

  insert(seq: number, key: unknown): void {
    const at = this.#lowerBound(seq, key);
    this.#keys.splice(at, 0, key);
    this.#seqs.splice(at, 0, seq);
  }

  /** `key` must be the value the entry was inserted with. */
  remove(seq: number, key: unknown): void {
    let at = this.#lowerBound(seq, key);
    // Cannot happen while callers pass the inserted key; a linear search keeps the index right anyway.
    if (this.#seqs[at] !== seq) at = this.#seqs.indexOf(seq);
    if (at < 0) return;
    this.#keys.splice(at, 1);
    this.#seqs.splice(at, 1);
  }

  clear(): void {
    this.#keys = [];
    this.#seqs = [];
  }

  /** Sequence numbers in `order`; `desc` is the exact reverse of `asc`. Lazy, so callers can stop early. */
  *walk(order: SortOrder): Generator<number, void, undefined> {
    const seqs = this.#seqs;
    if (order === 'asc') {
      for (let i = 0; i < seqs.length; i++) yield seqs[i]!;
    } else {
      for (let i = seqs.length - 1; i >= 0; i--) yield seqs[i]!;
    }
  }

  /** First position whose entry is not before (key, seq). */
  #lowerBound(seq: number, key: unknown): number {
    let low = 0;
    let high = this.#seqs.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareEntries(this.#keys[mid], this.#seqs[mid]!, key, seq) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
