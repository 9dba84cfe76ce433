import type { StoredRecord } from '../store/store.js';
import { represent } from './represent.js';
import type { CollectionRuntime } from './runtime.js';

/** How much JSON (in UTF-16 code units, about bytes for ASCII) one collection keeps. */
const defaultBudget = 16 * 1024 * 1024;

interface Entry {
  readonly version: number;
  readonly text: string;
}

/**
 * Remembers the JSON of record representations by id and version. Every write gives a record a new
 * version, so an entry for the version being read is current, whichever object the store handed
 * out (a database store makes a new one on every read). The oldest entries go first once the
 * budget is spent. This relies on `links` being a pure function of the record.
 */
export class SerializedRecords {
  private readonly byPrefix = new Map<string, Map<string, Entry>>();
  private size = 0;
  /** Reads answered from the cache, and reads that had to serialize: for tests and tuning. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly runtime: CollectionRuntime,
    private readonly budget = defaultBudget,
  ) {}

  json(prefix: string, record: StoredRecord<object>): string {
    let cache = this.byPrefix.get(prefix);
    if (!cache) this.byPrefix.set(prefix, (cache = new Map()));
    const entry = cache.get(record.id);
    if (entry?.version === record.version) {
      this.stats.hits++;
      return entry.text;
    }
    this.stats.misses++;
    const text = JSON.stringify(represent(this.runtime, prefix, record));
    if (entry) {
      cache.delete(record.id);
      this.size -= entry.text.length;
    }
    cache.set(record.id, { version: record.version, text });
    this.size += text.length;
    if (this.size > this.budget) this.evict();
    return text;
  }

  /** Forgets a record's JSON under every prefix (it was deleted). */
  forget(id: string): void {
    for (const cache of this.byPrefix.values()) {
      const entry = cache.get(id);
      if (!entry) continue;
      cache.delete(id);
      this.size -= entry.text.length;
    }
  }

  /** Forgets every record's JSON (the collection was emptied). */
  clear(): void {
    this.byPrefix.clear();
    this.size = 0;
  }

  /** Drops the oldest entries of every prefix until the cache is back within three quarters of its budget. */
  private evict(): void {
    for (const cache of this.byPrefix.values()) {
      for (const [id, entry] of cache) {
        if (this.size <= this.budget * 0.75) return;
        cache.delete(id);
        this.size -= entry.text.length;
      }
    }
  }
}
