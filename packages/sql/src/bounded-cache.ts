import { CorralError } from '@corral/core';
import { LRUCache } from 'lru-cache';

/**
 * How much a cache may hold: a number of entries and an estimate of their bytes, whichever is
 * reached first. The least recently used entries go first.
 */
export interface CacheBounds {
  /** Most entries kept; `0` keeps none (the cache is off). */
  readonly maxEntries?: number;
  /**
   * Most bytes kept, as estimated: each entry counts its key, its value and a fixed overhead, so
   * that even entries holding nothing (an empty page) fill the cache.
   */
  readonly maxBytes?: number;
}

/** What one entry costs beside its key and value: the map's slot, the entry and the LRU's links. */
export const entryOverhead = 96;

/** The bytes a string may take: two a character (V8 keeps some strings in UTF-16) and a header. */
export function stringBytes(text: string): number {
  return 16 + 2 * text.length;
}

/** The bounds given, each checked, with defaults for those left out; `option` names them in the refusal. */
export function cacheBounds(option: string, given: CacheBounds | undefined, defaults: Required<CacheBounds>) {
  const bounds = { ...defaults, ...given };
  for (const name of ['maxEntries', 'maxBytes'] as const) {
    const value = bounds[name];
    if (!Number.isSafeInteger(value) || value < 0)
      throw new CorralError(
        'CORRAL_INVALID_CACHE_BOUNDS',
        `${option}.${name} must be a whole number, 0 or more; got ${String(value)}`,
      );
  }
  return bounds as Required<CacheBounds>;
}

/**
 * A map of strings to values that keeps at most `maxEntries` entries and `maxBytes` estimated
 * bytes (keys included), dropping the least recently used first. An entry heavier than the whole
 * byte budget is not kept. `weightOf` estimates a value's bytes.
 */
export class BoundedCache<V extends object> {
  private readonly entries: LRUCache<string, V> | undefined;

  constructor(
    bounds: Required<CacheBounds>,
    private readonly weightOf: (value: V) => number = () => 0,
  ) {
    const { maxEntries, maxBytes } = bounds;
    if (maxEntries === 0 || maxBytes === 0) return;
    this.entries = new LRUCache<string, V>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(this.weigh(key, value))),
    });
  }

  /** The estimated bytes of one entry: what the bounds count. */
  weigh(key: string, value: V): number {
    return stringBytes(key) + this.weightOf(value) + entryOverhead;
  }

  /** Whether the cache keeps nothing (a bound of 0). */
  get off(): boolean {
    return this.entries === undefined;
  }

  /** The value kept under `key`, now the most recently used; undefined when none is. */
  get(key: string): V | undefined {
    return this.entries?.get(key);
  }

  /** Keeps `value`, making room; whether it was kept (not when heavier than the whole budget, or off). */
  set(key: string, value: V): boolean {
    if (!this.entries) return false;
    this.entries.set(key, value);
    return this.entries.has(key);
  }

  /** Forgets the entry of `key`, if any. */
  delete(key: string): void {
    this.entries?.delete(key);
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries?.clear();
  }

  /** Entries held. */
  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** Estimated bytes held. */
  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}
