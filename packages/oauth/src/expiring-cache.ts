/**
 * A bounded map whose entries expire. Used to remember verified tokens: checking a signature
 * costs about three times the rest of a request, and a client sends the same token many times.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly maxEntries: number, private readonly now: () => number = Date.now) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Remembers `value` until `expiresAt` (ms since epoch); entries already expired are not stored. */
  set(key: string, value: V, expiresAt: number): void {
    if (expiresAt <= this.now() || this.maxEntries <= 0) return;
    this.entries.delete(key);
    // Map order is insertion order: the first key is the oldest, dropped when full.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAt });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
