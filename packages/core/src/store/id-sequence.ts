/**
 * Server-made ids: the decimal form of an increasing integer. The integer (the "sequence number")
 * doubles as the creation order and the tie-breaker in indexes. Because numbers are never handed
 * out twice, every issued number that is not live is a tombstone: no separate tombstone set needed.
 */
export class IdSequence {
  #last = 0;

  /** The next sequence number; never repeats, whatever was deleted. */
  next(): number {
    this.#last += 1;
    return this.#last;
  }

  /** The sequence number of an id this sequence has issued, or `undefined` if it never issued it. */
  parse(id: string): number | undefined {
    const seq = parseId(id);
    return seq !== undefined && seq <= this.#last ? seq : undefined;
  }
}

/** The number an id spells, issued or not; only the canonical spelling counts ("007" or "1e3" is none). */
export function parseId(id: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : undefined;
}

export function formatId(seq: number): string {
  return String(seq);
}
