import type { ClaimOutcome, IdempotencyStore, StoredAnswer } from './idempotency-store.js';

interface Entry {
  readonly token: string;
  readonly fingerprint: string;
  readonly expiresAt: number;
  /** When an unfinished claim counts as abandoned. */
  readonly leaseUntil: number;
  answer?: StoredAnswer;
  /** Size of the kept answer, counted against {@link MemoryIdempotencyLimits.maxBytes}. */
  bytes?: number;
}

/** Bounds of {@link memoryIdempotency}, so that clients sending fresh keys cannot grow the process without end. */
export interface MemoryIdempotencyLimits {
  /** Most keys kept at once (default 100,000). */
  readonly maxKeys?: number;
  /** Most bytes of kept answers (bodies and headers; default 32 MiB). */
  readonly maxBytes?: number;
}

/** How often expired keys are swept, at most (ms of the callers' clock). */
const sweepEveryMs = 60_000;

/**
 * Idempotency keys in this process's memory: enough for one process, lost on restart. Several
 * processes of one API need a shared store (`sqliteIdempotency`, `postgresIdempotency`).
 */
export function memoryIdempotency(limits: MemoryIdempotencyLimits = {}): IdempotencyStore {
  const maxKeys = limits.maxKeys ?? 100_000;
  const maxBytes = limits.maxBytes ?? 32 * 1024 * 1024;
  // A Map keeps insertion order: the first entries are the oldest claims.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let sweptAt = 0;
  const id = (scope: string, key: string) => `${scope}\u0000${key}`;

  function sweep(now: number): void {
    if (now - sweptAt < sweepEveryMs) return;
    sweptAt = now;
    for (const [name, entry] of entries) if (entry.expiresAt <= now) forget(name, entry);
  }

  function forget(name: string, entry: Entry): void {
    entries.delete(name);
    bytes -= entry.bytes ?? 0;
  }

  /**
   * Over a bound, the oldest finished keys go first (a retry of one then runs again, as after its
   * window); keys of requests still running are kept, so none runs twice at once.
   */
  function trim(): void {
    for (const [name, entry] of entries) {
      if (entries.size <= maxKeys && bytes <= maxBytes) return;
      if (entry.answer) forget(name, entry);
    }
  }

  return {
    async claim({ scope, key, token, fingerprint, now, windowMs, leaseMs }): Promise<ClaimOutcome> {
      sweep(now);
      const name = id(scope, key);
      const held = entries.get(name);
      const free = !held || held.expiresAt <= now || (!held.answer && held.leaseUntil <= now);
      if (free) {
        if (held) forget(name, held);
        entries.set(name, { token, fingerprint, expiresAt: now + windowMs, leaseUntil: now + leaseMs });
        trim();
        return { state: 'claimed' };
      }
      return held.answer
        ? { state: 'completed', fingerprint: held.fingerprint, answer: held.answer }
        : { state: 'running', fingerprint: held.fingerprint };
    },
    async complete({ scope, key, token }, answer) {
      const held = entries.get(id(scope, key));
      if (held?.token !== token || held.answer) return false;
      held.answer = answer;
      held.bytes = (answer.body?.length ?? 0) + JSON.stringify(answer.headers).length;
      bytes += held.bytes;
      trim();
      return true;
    },
    async release({ scope, key, token }) {
      const name = id(scope, key);
      const held = entries.get(name);
      if (held?.token === token) forget(name, held);
    },
  };
}
