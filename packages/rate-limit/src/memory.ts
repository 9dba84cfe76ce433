import type { RateLimitCount, RateLimitStore } from './store.js';

/** Options of {@link memoryRateLimits}. */
export interface MemoryRateLimitsOptions {
  /** The clock, in milliseconds; tests pass their own. Defaults to `Date.now`. */
  readonly now?: () => number;
  /** Most keys kept at once; past it the oldest windows are dropped first. Default 100 000. */
  readonly maxKeys?: number;
}

interface Window {
  count: number;
  readonly endsAt: number;
}

/**
 * Counters in this process's memory: for a single instance, tests and development. Expired windows
 * are dropped as the map is swept, so memory stays bounded by the number of active clients (and
 * `maxKeys`). Several instances need a shared backend (PostgreSQL or Redis).
 */
export function memoryRateLimits(options: MemoryRateLimitsOptions = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 100_000;
  // A Map keeps insertion order, and a window is (re)inserted when it starts: the first entries end first
  // for a given window length, so a sweep from the front stops at the first live one.
  const windows = new Map<string, Window>();
  let nextSweep = 0;

  function sweep(at: number): void {
    for (const [key, window] of windows) {
      if (window.endsAt > at && windows.size <= maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    // Answers at once: a count in memory gives the request nothing to wait for.
    hit(key: string, windowMs: number): RateLimitCount {
      const at = now();
      if (at >= nextSweep || windows.size > maxKeys) {
        sweep(at);
        nextSweep = at + Math.min(windowMs, 10_000);
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        windows.delete(key);
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { count: window.count, resetMs: window.endsAt - at };
    },
  };
}
