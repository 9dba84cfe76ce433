import type { RateLimitCount } from './store.js';

/** Counts `n` requests for a key at once; answers the count after the last of them. */
export type HitMany = (key: string, windowMs: number, n: number) => Promise<RateLimitCount>;

interface Waiter {
  resolve(count: RateLimitCount): void;
  reject(error: unknown): void;
}

/**
 * One statement at a time per key from this process: the checks of a key that arrive while its
 * statement runs wait and are counted together by the next, each getting its own count (the last
 * of them the total). A busy caller's counter row is locked from a check until its commit, so
 * checks sent one by one would queue on that lock anyway; together they take it once. A check of
 * an idle key goes at once.
 */
export function coalescedHits(hitMany: HitMany): (key: string, windowMs: number) => Promise<RateLimitCount> {
  const queues = new Map<string, Waiter[]>();
  const run = (id: string, key: string, windowMs: number, batch: Waiter[]): void => {
    hitMany(key, windowMs, batch.length).then(
      ({ count, resetMs }) => {
        for (const [i, waiter] of batch.entries()) waiter.resolve({ count: count - (batch.length - 1 - i), resetMs });
        next(id, key, windowMs);
      },
      (error: unknown) => {
        for (const waiter of batch) waiter.reject(error);
        next(id, key, windowMs);
      },
    );
  };
  const next = (id: string, key: string, windowMs: number): void => {
    const waiting = queues.get(id)!;
    if (waiting.length === 0) {
      queues.delete(id);
      return;
    }
    queues.set(id, []);
    run(id, key, windowMs, waiting);
  };
  return (key, windowMs) =>
    new Promise((resolve, reject) => {
      const id = `${windowMs} ${key}`;
      const waiting = queues.get(id);
      if (waiting) waiting.push({ resolve, reject });
      else {
        queues.set(id, []);
        run(id, key, windowMs, [{ resolve, reject }]);
      }
    });
}
