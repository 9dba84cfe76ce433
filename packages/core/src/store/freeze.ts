/**
 * Stored data is cloned once on the way in and then frozen, so the store can hand out the same
 * object on every read: callers can neither change what they passed in after the call nor what
 * they get back.
 */

/**
 * Freezes `value` and everything reachable from it. Objects that are frozen already are skipped;
 * that also ends cycles, and is sound for the fresh clones `snapshot` makes (nothing in them is
 * frozen yet). Typed arrays cannot be frozen and are left as they are. Map, Set and Date contents
 * live in internal slots that freezing does not reach.
 */
export function deepFreeze<V>(value: V): V {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null) continue;
    if (Object.isFrozen(item) || ArrayBuffer.isView(item)) continue;
    Object.freeze(item);
    for (const key of Reflect.ownKeys(item)) {
      pending.push((item as Record<PropertyKey, unknown>)[key]);
    }
  }
  return value;
}

/** A deep, frozen copy. Throws (DataCloneError) for data that cannot be cloned, such as functions. */
export function snapshot<T>(value: T): Readonly<T> {
  return deepFreeze(structuredClone(value));
}
