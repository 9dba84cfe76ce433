import type { KeptOn } from './kept-tables.js';
import { keptTable } from './kept-tables.js';

/** What one counted request answers: the same shape as `@corral/rate-limit`'s `RateLimitCount`. */
export interface SqlRateCount {
  /** Requests counted in the current window, this one included. */
  readonly count: number;
  /** Milliseconds until the window ends. */
  readonly resetMs: number;
}

/** Rate-limit counters in a table; structurally a `RateLimitStore` of `@corral/rate-limit`. */
export interface SqlRateLimits {
  /** Counts one request under `key` in a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<SqlRateCount>;
  /** Waits for a sweep under way; the database is the caller's and stays open. */
  close(): Promise<void>;
}

/** How often ended windows are swept, at most (ms of this process's clock: only a pace). */
const sweepEveryMs = 60_000;
/** Rows deleted per sweep statement, so a sweep never holds the table for long. */
const sweepBatch = 500;

/**
 * Fixed-window counters in the table `corral_rate_limits`, shared by every process on the database.
 * Each hit is one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`: the row's lock (or SQLite's one
 * writer) makes concurrent hits count one after another. Windows are timed by the database's clock,
 * read once per statement, so instances whose clocks disagree still agree on when a window ends.
 */
export function sqlRateLimits<C>(kept: KeptOn<C>): SqlRateLimits {
  const { driver, dialect } = kept;
  const p = dialect.placeholder;
  const clock = dialect.kept.rateClock;
  const [key, count, endsAt] = ['key', 'count', 'ends_at'].map(dialect.quote) as [string, string, string];
  const table = dialect.table('corral_rate_limits');
  const ready = keptTable(kept, dialect.kept.rateLimitsTable());
  const ended = `w.${endsAt} <= ${clock.now}`;
  const defaults = {
    // The count stops short of the integer column's limit rather than overflowing on a flood.
    hit: `INSERT INTO ${table} AS w (${key}, ${count}, ${endsAt}) VALUES (${p(1)}, 1, ${clock.after(p(2))})
    ON CONFLICT (${key}) DO UPDATE SET
      ${count} = CASE WHEN ${ended} THEN 1 WHEN w.${count} >= 2000000000 THEN w.${count} ELSE w.${count} + 1 END,
      ${endsAt} = CASE WHEN ${ended} THEN excluded.${endsAt} ELSE w.${endsAt} END
    RETURNING ${count} AS count, ${clock.msUntil(endsAt)} AS reset_ms`,
    sweep: `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${endsAt} < ${clock.now} LIMIT ${sweepBatch})`,
  };
  const { hit, sweep } = dialect.kept.rateStatements?.(table, sweepBatch) ?? defaults;
  let sweptAt = 0;
  let sweeping: Promise<void> = Promise.resolve();

  const sweepAll = async () => {
    for (;;) {
      const deleted = await driver.write(undefined, false, (on) => Promise.resolve(driver.run(on, sweep, [])));
      if (deleted < sweepBatch) return;
    }
  };

  return {
    async hit(keyOfCaller, windowMs) {
      await ready();
      if (Date.now() - sweptAt >= sweepEveryMs) {
        sweptAt = Date.now();
        // In the background: a failed sweep is tried again at the next pace, never fails a request.
        sweeping = sweepAll().catch(() => undefined);
      }
      const [row] = (await driver.write(undefined, false, (on) =>
        Promise.resolve(driver.rows(on, hit, [keyOfCaller, windowMs], { writes: true })),
      )) as { count: number | bigint; reset_ms: number }[];
      return { count: Number(row!.count), resetMs: Number(row!.reset_ms) };
    },
    close: () => sweeping,
  };
}
