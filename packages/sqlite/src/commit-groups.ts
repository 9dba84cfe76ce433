import type { DatabaseSync } from 'node:sqlite';

interface Waiting {
  readonly step: () => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/**
 * Group commit: the store calls that arrive in one turn of the event loop, each outside any unit
 * of work, run in one transaction and share its COMMIT, the sync to disk that costs more than the
 * statements themselves under `synchronous = FULL`. Each call runs in a savepoint of its own, so
 * one that fails (a broken rule, a stale version) is undone alone and answers as it would alone;
 * nobody is answered before the COMMIT that keeps their write. Nothing waits for a group to fill:
 * a lone call commits at the end of its turn, as before.
 */
export class CommitGroups {
  private waiting: Waiting[] = [];
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly connection: DatabaseSync,
    /** Runs the group's transaction once no unit of work holds the connection (the database's gate). */
    private readonly exclusively: (body: () => Promise<void>) => Promise<void>,
    /** Told after each COMMIT (the change log wakes its watchers). */
    private readonly committed: () => void,
  ) {}

  run<R>(step: () => R | Promise<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ step, resolve: resolve as (value: unknown) => void, reject });
      if (this.waiting.length === 1) setImmediate(() => this.flush());
    });
  }

  /** Resolves once every call made so far has been committed or refused (a database closing waits for it). */
  async idle(): Promise<void> {
    this.flush();
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private flush(): void {
    const group = this.waiting;
    if (group.length === 0) return;
    this.waiting = [];
    const done = this.exclusively(() => this.commit(group)).catch((error: unknown) => {
      for (const waiting of group) waiting.reject(error);
    });
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  private async commit(group: readonly Waiting[]): Promise<void> {
    const { connection } = this;
    connection.exec('BEGIN IMMEDIATE');
    const outcomes: Outcome[] = [];
    try {
      for (const waiting of group) {
        connection.exec('SAVEPOINT corral_call');
        try {
          outcomes.push({ ok: true, value: await waiting.step() });
          connection.exec('RELEASE corral_call');
        } catch (error) {
          // An error SQLite answers by ending the whole transaction leaves no savepoint to go back to.
          if (!connection.isTransaction) throw error;
          connection.exec('ROLLBACK TO corral_call');
          connection.exec('RELEASE corral_call');
          outcomes.push({ ok: false, error });
        }
      }
      connection.exec('COMMIT');
    } catch (error) {
      if (connection.isTransaction) connection.exec('ROLLBACK');
      // Nothing of the group was kept: every call gets the error (the caller of flush answers them).
      throw error;
    }
    try {
      this.committed();
    } catch {
      // Only watchers are told late: the group is kept, and each call gets its own answer.
    }
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.ok) group[i]!.resolve(outcome.value);
      else group[i]!.reject(outcome.error);
    }
  }
}
