/** A set of sequence numbers that can also be read in ascending order. */
export interface IdSet {
  readonly size: number;
  has(seq: number): boolean;
  /** Ascending sequence numbers, i.e. creation order. */
  inOrder(): Iterable<number>;
}

/** The live records themselves: a Map keeps insertion order, and a replace keeps a key in place. */
export function mapKeysIdSet(map: ReadonlyMap<number, unknown>): IdSet {
  return { size: map.size, has: (seq) => map.has(seq), inOrder: () => map.keys() };
}

/** Ids already in ascending order, such as a scan's matches; the Set is built only if asked for. */
export class ArrayIdSet implements IdSet {
  readonly #seqs: readonly number[];
  #set: Set<number> | undefined;

  constructor(seqs: readonly number[]) {
    this.#seqs = seqs;
  }

  get size(): number {
    return this.#seqs.length;
  }

  has(seq: number): boolean {
    this.#set ??= new Set(this.#seqs);
    return this.#set.has(seq);
  }

  inOrder(): Iterable<number> {
    return this.#seqs;
  }
}

/**
 * Ids in all of several sets. Counted once up front, since the total needs the count anyway, but
 * never copied: membership asks each set, and the order comes from the first (pass the smallest).
 */
export class IntersectionIdSet implements IdSet {
  readonly size: number;
  readonly #first: IdSet;
  readonly #others: readonly IdSet[];

  constructor(first: IdSet, others: readonly IdSet[]) {
    this.#first = first;
    this.#others = others;
    let size = 0;
    for (const seq of first.inOrder()) if (this.#inOthers(seq)) size += 1;
    this.size = size;
  }

  has(seq: number): boolean {
    return this.#first.has(seq) && this.#inOthers(seq);
  }

  *inOrder(): Generator<number, void, undefined> {
    for (const seq of this.#first.inOrder()) if (this.#inOthers(seq)) yield seq;
  }

  #inOthers(seq: number): boolean {
    for (const set of this.#others) if (!set.has(seq)) return false;
    return true;
  }
}
