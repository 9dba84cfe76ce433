import type { ChangeBatch, ChangeLog, LoggedChange } from './change-log.js';

/** A change as a writer hands it to the log, before it has a position. */
export type NewChange = Omit<LoggedChange, 'position'>;

/** How much a {@link MemoryChangeLog} keeps. */
export interface MemoryChangeLogOptions {
  /** Most changes kept (default 10,000): older ones are dropped, and resuming before them resets. */
  readonly retain?: number;
  /** Longest time a change is kept, in milliseconds (default 24 hours). */
  readonly retainMs?: number;
}

const decimal = /^(0|[1-9][0-9]{0,15})$/;

/**
 * The change log of a group of memory stores. Positions are decimal integers given in commit
 * order. The first one is taken from the clock (microseconds since 1970), so that a position from
 * an earlier run of the process reads as expired rather than as a place in this run's history.
 */
export class MemoryChangeLog implements ChangeLog {
  // The kept changes, oldest first, from index `start`; positions follow each other without gaps.
  private kept: LoggedChange[] = [];
  private start = 0;
  private last: number;
  // Kept as text too: every list and record GET asks for it.
  private lastText: string;
  private readonly watchers = new Set<() => void>();
  private waking = false;
  private readonly retain: number;
  private readonly retainMs: number;

  constructor(options: MemoryChangeLogOptions = {}) {
    this.last = Date.now() * 1000;
    this.lastText = String(this.last);
    this.retain = Math.max(1, options.retain ?? 10_000);
    this.retainMs = options.retainMs ?? 24 * 60 * 60 * 1000;
  }

  position(): string {
    return this.lastText;
  }

  /** Adds committed changes in the order given, then wakes the watchers (once, after this step). */
  append(changes: readonly NewChange[]): void {
    if (changes.length === 0) return;
    for (const change of changes) this.kept.push({ ...change, position: String(++this.last) });
    this.lastText = this.kept[this.kept.length - 1]!.position;
    this.prune(changes[changes.length - 1]!.at.getTime());
    if (this.watchers.size === 0 || this.waking) return;
    this.waking = true;
    queueMicrotask(() => {
      this.waking = false;
      for (const wake of [...this.watchers]) wake();
    });
  }

  async read(position: string, limit: number): Promise<ChangeBatch> {
    const current = this.position();
    if (!decimal.test(position)) return { reset: 'unknown', position: current };
    const after = Number(position);
    if (after > this.last) return { reset: 'unknown', position: current };
    const oldest = this.last - (this.kept.length - this.start) + 1;
    if (after < oldest - 1) return { reset: 'expired', position: current };
    const from = this.start + (after - oldest + 1);
    const changes = this.kept.slice(from, from + Math.max(1, limit));
    return { changes, position: changes.length > 0 ? changes[changes.length - 1]!.position : current };
  }

  watch(wake: () => void): () => void {
    // Each call gets a function of its own, so one caller can watch twice.
    const own = () => wake();
    this.watchers.add(own);
    return () => this.watchers.delete(own);
  }

  before(a: string, b: string): boolean {
    return Number(a) < Number(b);
  }

  /** Drops changes past the count or the age kept; the array is compacted now and then, not on every drop. */
  private prune(now: number): void {
    const cutoff = now - this.retainMs;
    while (
      this.start < this.kept.length &&
      (this.kept.length - this.start > this.retain || this.kept[this.start]!.at.getTime() < cutoff)
    )
      this.start++;
    if (this.start > 1024 && this.start * 2 > this.kept.length) {
      this.kept = this.kept.slice(this.start);
      this.start = 0;
    }
  }
}
