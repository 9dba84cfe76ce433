import { MemoryChangeLog, type MemoryChangeLogOptions, type NewChange } from './memory-change-log.js';
import type { StoreDatabase, Transaction } from './store.js';

/** A transaction of a {@link MemoryDatabase}: the steps that undo what it wrote, newest last. */
export interface MemoryTransaction extends Transaction {
  readonly database: MemoryDatabase;
  /** Adds a step that takes back one write; run in reverse order when the work fails. */
  onRollback(undo: () => void): void;
  /** Adds a change to the log once the transaction commits (dropped if it fails). */
  logChange(change: NewChange): void;
}

/**
 * Groups memory stores so that writes across them can be made together. One transaction runs at a
 * time; while it runs, calls from outside it wait, so nobody sees a half-done unit, and a unit
 * that fails is undone before anyone else goes on. Calls outside any transaction do not wait
 * otherwise: memory stores do each single call in one synchronous step.
 */
export class MemoryDatabase implements StoreDatabase {
  private current: Promise<unknown> | undefined;
  /** Every committed write of the group's stores, in commit order. */
  readonly changes: MemoryChangeLog;

  constructor(options: MemoryDatabaseOptions = {}) {
    this.changes = new MemoryChangeLog(options.changes);
  }

  /** True while a transaction runs: a write from outside must wait (checked and acted on in one synchronous step). */
  get busy(): boolean {
    return this.current !== undefined;
  }

  /** Resolves when no transaction is running; `undefined` (nothing to wait for) when none is. */
  idle(): Promise<void> | undefined {
    const running = this.current;
    if (!running) return undefined;
    return running.then(
      () => this.idle(),
      () => this.idle(),
    );
  }

  async transaction<R>(work: (transaction: Transaction) => Promise<R>): Promise<R> {
    while (this.current) await this.current.catch(() => undefined);
    const undo: (() => void)[] = [];
    const logged: NewChange[] = [];
    const transaction: MemoryTransaction = {
      database: this,
      onRollback: (step) => undo.push(step),
      logChange: (change) => logged.push(change),
    };
    const run = (async () => {
      try {
        const result = await work(transaction);
        // Still inside the unit (nobody else writes yet): the changes go in as one step, in commit order.
        this.changes.append(logged);
        return result;
      } catch (error) {
        for (const step of undo.reverse()) step();
        throw error;
      }
    })();
    this.current = run;
    try {
      return await run;
    } finally {
      if (this.current === run) this.current = undefined;
    }
  }
}

/** Options of {@link memoryDatabase}. */
export interface MemoryDatabaseOptions {
  /** How much of its change log the group keeps. */
  readonly changes?: MemoryChangeLogOptions;
}

/** A new group of memory stores, for stores that should share transactions apart from the default group. */
export function memoryDatabase(options?: MemoryDatabaseOptions): MemoryDatabase {
  return new MemoryDatabase(options);
}

/** The group every memory store joins unless given another: all memory stores of a process can write together. */
export const defaultMemoryDatabase = new MemoryDatabase();
