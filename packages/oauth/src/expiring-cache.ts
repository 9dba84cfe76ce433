/** Bounds of an {@link ExpiringCache}: a number of entries and, optionally, their estimated bytes. */
export interface CacheBounds {
  readonly maxEntries: number;
  /** Most bytes the entries may take, as `sizeOf` estimates them (no limit when absent). */
  readonly maxBytes?: number;
  /** Estimated bytes one entry holds: its key and value. */
  readonly sizeOf?: (key: string, value: unknown) => number;
  /**
   * The part of a key the map hashes (the whole key when absent); keys are still compared whole.
   * V8 hashes every character of a string it has not seen, and a JWT is hundreds of characters.
   */
  readonly hashedPart?: (key: string) => string;
}

interface Entry<V> {
  readonly key: string;
  readonly value: V;
  readonly expiresAt: number;
  readonly bytes: number;
}

/**
 * A bounded map whose entries expire. Used to remember verified tokens: checking a signature
 * costs about three times the rest of a request, and a client sends the same token many times.
 * The oldest entries go first when either bound is reached.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly bounds: CacheBounds;
  private bytes = 0;

  constructor(
    bounds: number | CacheBounds,
    private readonly now: () => number = Date.now,
  ) {
    this.bounds = typeof bounds === 'number' ? { maxEntries: bounds } : bounds;
  }

  get(key: string): V | undefined {
    const slot = this.slotOf(key);
    const entry = this.entries.get(slot);
    if (!entry || entry.key !== key) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(slot, entry);
      return undefined;
    }
    return entry.value;
  }

  /** Remembers `value` until `expiresAt` (ms since epoch); entries already expired are not stored. */
  set(key: string, value: V, expiresAt: number): void {
    const { maxEntries, maxBytes = Infinity, sizeOf } = this.bounds;
    if (expiresAt <= this.now() || maxEntries <= 0) return;
    const bytes = sizeOf ? sizeOf(key, value) : 0;
    if (bytes > maxBytes) return;
    const slot = this.slotOf(key);
    // Another key with the same hashed part gives its place: a miss for it later, never a wrong value.
    const previous = this.entries.get(slot);
    if (previous) this.remove(slot, previous);
    // Map order is insertion order: the first key is the oldest, dropped while a bound is exceeded.
    while (this.entries.size > 0 && (this.entries.size >= maxEntries || this.bytes + bytes > maxBytes)) {
      const [oldestSlot, oldest] = this.entries.entries().next().value!;
      this.remove(oldestSlot, oldest);
    }
    this.entries.set(slot, { key, value, expiresAt, bytes });
    this.bytes += bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Estimated bytes held, by the `sizeOf` given (0 without one). */
  get byteSize(): number {
    return this.bytes;
  }

  private slotOf(key: string): string {
    return this.bounds.hashedPart ? this.bounds.hashedPart(key) : key;
  }

  private remove(slot: string, entry: Entry<V>): void {
    this.entries.delete(slot);
    this.bytes -= entry.bytes;
  }
}
