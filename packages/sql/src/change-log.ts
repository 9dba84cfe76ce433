import { type ChangeBatch, type ChangeKind, type ChangeLog, CorralError, type LoggedChange } from '@corral/core';

/** One row of a change log as an engine reads it: the record's row as JSON by column name. */
export interface LogRow {
  /** The row's position, in the engine's own form. */
  readonly position: string;
  /** The collection whose record changed. */
  readonly collection: string;
  /** The record's id. */
  readonly id: string;
  /** What the change did. */
  readonly kind: ChangeKind;
  /** The record's version after the change (for a delete: the version it had). */
  readonly version: number;
  /** When the change was written. */
  readonly at: Date;
  /** The table's row after the change, by column name (absent for a delete). */
  readonly row?: Readonly<Record<string, unknown>>;
  /** The table's row before the change, by column name (updates and deletes). */
  readonly previousRow?: Readonly<Record<string, unknown>>;
}

/** What a read of the log table gives: rows after the position, or why it cannot resume. */
export type LogRead =
  | {
      /** The rows after the position asked for, oldest first. */
      readonly rows: readonly LogRow[];
      /** Where the next read starts. */
      readonly position: string;
    }
  | {
      /** Why the position asked for cannot be resumed from. */
      readonly reset: 'unknown' | 'expired';
      /** The log's current position. */
      readonly position: string;
    };

/**
 * What an engine does for its change log; the rest (caching, mapping, waking, pruning) is
 * {@link SqlChangeLog}'s. Positions are the engine's own strings.
 */
export interface ChangeLogEngine {
  /** Negative, 0 or positive as `a` comes before, at or after `b` (both valid). */
  compare(a: string, b: string): number;
  /** The position a reader starting now resumes from safely. */
  current(): Promise<string>;
  /**
   * A position after every change of the units of work running now (and before every later one):
   * once {@link current} reaches it, those units have all ended. Without it, `settled` positions
   * are fresh ones.
   */
  upper?(): Promise<string>;
  /** Committed rows after `after` (oldest first, at most `limit`), or a reset. */
  read(after: string, limit: number): Promise<LogRead>;
  /** The oldest rows readers can see (position and time), at most `limit`: what pruning looks at. */
  oldest(limit: number): Promise<
    {
      /** The row's position. */
      readonly position: string;
      /** When it was written. */
      readonly at: Date;
    }[]
  >;
  /** Deletes the rows up to `position` and remembers that positions before it have expired. */
  dropThrough(position: string): Promise<void>;
  /** Calls `wake` on signs of other instances' or programs' writes; returns the function that stops it. */
  listen?(wake: () => void): () => void;
  /** Tells other instances that this one committed writes (after commit; coalesced by the caller). */
  announce?(): Promise<void>;
  /** Releases what the engine holds open (the database closes). */
  close?(): void;
}

/** Settings of a database's change log. */
export interface ChangeLogOptions {
  /** How long changes are kept, in ms (24 h by default). */
  readonly retention?: number;
}

/**
 * What a webhook module (or anything delivering later) gives {@link SqlChangeLog.hold}: the oldest
 * position it still has to deliver, or undefined when it needs nothing kept. Pruning never drops a
 * change after the oldest position any hold names.
 */
export type ChangeHold = () => Promise<string | undefined>;

/**
 * Turns a row of a collection's table (JSON by column name) and the version the log holds into the
 * record's data and version (a table whose versions are digests of the row gives the digest).
 */
export type RowData = (
  row: Readonly<Record<string, unknown>>,
  version: number,
) => {
  /** The record's data as `get` gives it. */
  data: Record<string, unknown>;
  /** The record's version as `get` gives it. */
  version: number;
};

const defaultRetention = 24 * 60 * 60 * 1000;

/** The `changeRetention` option checked (a database checks it before it opens anything): ms, 24 h by default. */
export function changeRetention(value: number | undefined): number {
  const retention = value ?? defaultRetention;
  if (typeof retention !== 'number' || !Number.isFinite(retention) || retention <= 0)
    throw new CorralError(
      'CORRAL_INVALID_CHANGE_RETENTION',
      `changeRetention must be a positive number of milliseconds; got ${String(retention)}`,
    );
  return retention;
}
/** How long a settled position waits for the units of work running when it was asked for (ms). */
const settleMs = 10_000;
/** How old a known position may get before it is looked up again, in the background (ms). */
const freshMs = 1000;
/** How old a known position may be when this process commits a write before it is looked up again (ms). */
const afterWriteMs = 100;
/** Rows looked at per pruning step, and the pause between steps. */
const pruneStep = 1000;
/** The least time between two announcements of one process (writes meanwhile share the next one). */
const announceGapMs = 5;

/**
 * The change log of an SQL database (`database.changes`): stores append to it in their write
 * statements (or triggers do); this reads it for feeds, maps rows to the records' data as `get`
 * gives it, wakes watchers, and prunes what is older than the retention on an unref'd timer.
 */
export class SqlChangeLog implements ChangeLog {
  private readonly collections = new Map<string, RowData>();
  private readonly watchers = new Set<() => void>();
  private readonly holds = new Set<ChangeHold>();
  private cached: { position: string; at: number } | undefined;
  private refreshing: Promise<string> | undefined;
  private waking = false;
  private announcing: 'idle' | 'busy' | 'again' = 'idle';
  private stopListening: (() => void) | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  /** How long changes are kept, in ms. */
  readonly retention: number;

  constructor(
    private readonly engine: ChangeLogEngine,
    options: ChangeLogOptions = {},
  ) {
    this.retention = changeRetention(options.retention);
  }

  /** How a collection's rows become records' data (each store registers its table's mapping). */
  register(collection: string, data: RowData): void {
    this.collections.set(collection, data);
    // Known before the first request, so that no answer ever waits for a position.
    if (!this.cached) this.refresh().catch(() => undefined);
  }

  position(options?: { readonly fresh?: boolean; readonly settled?: boolean }): string | Promise<string> {
    if (options?.settled) return this.settled();
    if (options?.fresh) return this.engine.current();
    const cached = this.cached;
    // Never wait when a position is known: a caller may hold the pool's last connection in a unit
    // of work (an Idempotency-Key's answer is kept in the write's transaction), and an older
    // position is always safe. Known positions are kept fresh in the background.
    if (cached) {
      if (Date.now() - cached.at >= freshMs) this.refresh().catch(() => undefined);
      return cached.position;
    }
    return this.refresh();
  }

  /** See ChangeLog.position's `settled`: the engine's upper bound, once the units running at the call have ended. */
  private async settled(): Promise<string> {
    const upper = await this.engine.upper?.();
    if (upper === undefined) return this.engine.current();
    const deadline = Date.now() + settleMs;
    for (;;) {
      const current = await this.engine.current();
      if (this.engine.compare(current, upper) >= 0) return upper;
      if (Date.now() >= deadline) return current;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private refresh(): Promise<string> {
    this.refreshing ??= this.engine
      .current()
      .then((position) => {
        if (!this.cached || this.engine.compare(position, this.cached.position) >= 0)
          this.cached = { position, at: Date.now() };
        return this.cached.position;
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  async read(position: string, limit: number): Promise<ChangeBatch> {
    const read = await this.engine.read(position, Math.max(1, Math.floor(limit)));
    if ('reset' in read) return read;
    return { changes: read.rows.map((row) => this.change(row)), position: read.position };
  }

  private change(row: LogRow): LoggedChange {
    // A collection no store of this process serves: its rows as they are.
    const mapped =
      this.collections.get(row.collection) ??
      ((raw: Readonly<Record<string, unknown>>, version: number) => ({ data: { ...raw }, version }));
    const after = row.row && row.kind !== 'deleted' ? mapped(row.row, row.version) : undefined;
    const before = row.previousRow ? mapped(row.previousRow, row.version) : undefined;
    return {
      position: row.position,
      collection: row.collection,
      id: row.id,
      kind: row.kind,
      version: (row.kind === 'deleted' ? before?.version : after?.version) ?? row.version,
      at: row.at,
      ...(after ? { data: after.data } : {}),
      ...(before ? { previous: before.data } : {}),
    };
  }

  watch(wake: () => void): () => void {
    this.watchers.add(wake);
    if (this.watchers.size === 1 && this.engine.listen) this.stopListening = this.engine.listen(() => this.wakeAll());
    return () => {
      if (!this.watchers.delete(wake) || this.watchers.size > 0) return;
      this.stopListening?.();
      this.stopListening = undefined;
    };
  }

  before(a: string, b: string): boolean {
    return this.engine.compare(a, b) < 0;
  }

  /**
   * Called by the database after each commit that may have written: wakes this process's watchers
   * at once, and tells other instances (one announcement at a time, one more for what came meanwhile).
   */
  committed(): void {
    if (this.watchers.size > 0) this.wakeAll();
    // Answers read after this write get a position that follows it soon, without waiting for one
    // (looked up at most every `afterWriteMs`, so that busy writers do not double their queries).
    if (this.cached && Date.now() - this.cached.at >= afterWriteMs) this.refresh().catch(() => undefined);
    if (!this.engine.announce) return;
    if (this.announcing !== 'idle') {
      this.announcing = 'again';
      return;
    }
    this.announcing = 'busy';
    const send = (): void => {
      this.engine.announce!()
        .catch(() => undefined) // others still poll: a lost announcement only delays them
        .finally(() => {
          const again = this.announcing === 'again';
          this.announcing = again ? 'busy' : 'idle';
          if (again) setTimeout(send, announceGapMs).unref();
        });
    };
    send();
  }

  private wakeAll(): void {
    if (this.waking) return;
    this.waking = true;
    setImmediate(() => {
      this.waking = false;
      for (const wake of [...this.watchers]) wake();
    });
  }

  /**
   * Keeps changes from being pruned while `hold` names a position before them (see
   * {@link ChangeHold}); returns the function that lets go.
   */
  hold(hold: ChangeHold): () => void {
    this.holds.add(hold);
    return () => this.holds.delete(hold);
  }

  /**
   * Starts pruning every `everyMs` (by default a tenth of the retention, at most a minute); the
   * known position is looked up again then too, so that after a quiet spell it is not far behind.
   */
  startPruning(everyMs = Math.min(60_000, Math.max(1000, this.retention / 10))): void {
    if (this.pruneTimer) return;
    this.pruneTimer = setInterval(() => {
      this.prune().catch(() => undefined);
      if (this.cached) this.refresh().catch(() => undefined);
    }, everyMs);
    this.pruneTimer.unref();
  }

  /** Stops pruning and listening (the database closes). */
  stop(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = undefined;
    this.stopListening?.();
    this.stopListening = undefined;
    this.watchers.clear();
    this.engine.close?.();
  }

  /**
   * Drops changes older than the retention, a bounded step at a time, never one after a position a
   * hold still needs; the number of steps taken.
   */
  async prune(now = Date.now()): Promise<number> {
    const cutoff = now - this.retention;
    const held = (await Promise.all([...this.holds].map((hold) => hold()))).filter((p) => p !== undefined);
    const keepFrom = held.reduce<string | undefined>(
      (min, p) => (min === undefined || this.engine.compare(p, min) < 0 ? p : min),
      undefined,
    );
    let steps = 0;
    for (;;) {
      const rows = await this.engine.oldest(pruneStep);
      let last: string | undefined;
      for (const row of rows) {
        if (row.at.getTime() >= cutoff) break;
        // A hold at p needs what comes after p: p itself may go.
        if (keepFrom !== undefined && this.engine.compare(row.position, keepFrom) > 0) break;
        last = row.position;
      }
      if (last === undefined) return steps;
      await this.engine.dropThrough(last);
      // A cached position may now be before what is kept (only with a retention of seconds).
      this.cached = undefined;
      steps++;
      if (last !== rows.at(-1)?.position) return steps;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
