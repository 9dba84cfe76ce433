import { ApiError } from '@corral/errors';
import type { StoredRecord } from './store.js';

/** The value of a key in a record, as text to compare; undefined when a field of it is empty (like SQL's NULL). */
function keyValue(key: readonly string[], data: object): string | undefined {
  const values = key.map((field) => (data as Record<string, unknown>)[field]);
  return values.some((value) => value === undefined || value === null) ? undefined : JSON.stringify(values);
}

/**
 * Refuses data that would share a value of a unique key with another record: 409 `valueTaken`
 * naming the key's fields, as a database's unique index answers. `writes` are the records about to
 * be written (by their number); `live` the records as they are, those being written included.
 */
export function refuseTakenKeys<T>(
  collection: string,
  keys: readonly (readonly string[])[],
  live: ReadonlyMap<number, StoredRecord<T>>,
  writes: readonly { readonly seq: number | undefined; readonly data: object }[],
): void {
  if (keys.length === 0) return;
  const written = new Set(writes.map((write) => write.seq));
  for (const key of keys) {
    const held = new Set<string>();
    for (const [seq, record] of live) {
      if (written.has(seq)) continue;
      const value = keyValue(key, record.data as object);
      if (value !== undefined) held.add(value);
    }
    for (const { data } of writes) {
      const value = keyValue(key, data);
      if (value === undefined) continue;
      if (held.has(value))
        throw new ApiError(
          'valueTaken',
          `Another record of ${collection} already holds this value of ${key.join(', ')}; nothing was written`,
          { fieldErrors: key.map((field) => ({ field, message: 'is already taken by another record' })) },
        );
      held.add(value);
    }
  }
}
