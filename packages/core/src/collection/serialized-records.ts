import type { StoredRecord } from '../store/store.js';
import { represent } from './represent.js';
import type { CollectionRuntime } from './runtime.js';

/** How many serialized records a collection keeps per version prefix. */
const capacity = 20_000;

/**
 * Remembers the JSON of record representations. A stored record is an immutable snapshot that a
 * write replaces with a new object, so a snapshot's JSON never goes stale: it can be reused until
 * it is evicted (oldest first). This relies on `links` being a pure function of the record.
 */
export class SerializedRecords {
  private readonly byPrefix = new Map<string, Map<StoredRecord<object>, string>>();

  constructor(private readonly runtime: CollectionRuntime) {}

  json(prefix: string, record: StoredRecord<object>): string {
    let cache = this.byPrefix.get(prefix);
    if (!cache) this.byPrefix.set(prefix, (cache = new Map()));
    let text = cache.get(record);
    if (text === undefined) {
      text = JSON.stringify(represent(this.runtime, prefix, record));
      if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      cache.set(record, text);
    }
    return text;
  }
}
