import type { IdSet } from './id-set.js';

/**
 * Creates append the largest sequence number, so a bucket stays ordered; a replace that moves a
 * record into a bucket appends a smaller one. Such a bucket is marked and re-sorted on its next
 * ordered read, so writes stay O(1) and only the reads that need the order pay for it.
 */
class Bucket implements IdSet {
  #seqs = new Set<number>();
  #max = 0;
  #ordered = true;

  get size(): number {
    return this.#seqs.size;
  }

  has(seq: number): boolean {
    return this.#seqs.has(seq);
  }

  add(seq: number): void {
    if (seq < this.#max) this.#ordered = false;
    else this.#max = seq;
    this.#seqs.add(seq);
  }

  delete(seq: number): void {
    this.#seqs.delete(seq);
  }

  inOrder(): Iterable<number> {
    if (!this.#ordered) {
      this.#seqs = new Set([...this.#seqs].sort((a, b) => a - b));
      this.#ordered = true;
    }
    return this.#seqs;
  }
}

/**
 * Value -> ids for one field, so an equality filter finds its matches, and their count, without a
 * scan. Map keys compare with SameValueZero, which agrees with `===` except for NaN; NaN never
 * equals anything under `===`, so a NaN filter value looks nothing up.
 */
export class FilterIndex {
  readonly field: string;
  readonly #buckets = new Map<unknown, Bucket>();

  constructor(field: string) {
    this.field = field;
  }

  add(seq: number, value: unknown): void {
    let bucket = this.#buckets.get(value);
    if (!bucket) {
      bucket = new Bucket();
      this.#buckets.set(value, bucket);
    }
    bucket.add(seq);
  }

  remove(seq: number, value: unknown): void {
    const bucket = this.#buckets.get(value);
    if (!bucket) return;
    bucket.delete(seq);
    // Dropping empty buckets keeps distinct-value churn from growing the map forever.
    if (bucket.size === 0) this.#buckets.delete(value);
  }

  /** The ids whose value is `=== value`, or `undefined` when there are none. */
  lookup(value: unknown): IdSet | undefined {
    if (Number.isNaN(value)) return undefined;
    return this.#buckets.get(value);
  }

  clear(): void {
    this.#buckets.clear();
  }
}
