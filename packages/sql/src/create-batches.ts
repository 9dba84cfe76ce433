import { ApiError, type StoredRecord } from '@corral/core';

/** Most records one batched INSERT carries (their parameters stay far below any engine's limit). */
export const batchLimit = 64;

interface Waiting<T> {
  readonly data: T;
  resolve(record: StoredRecord<T>): void;
  reject(error: unknown): void;
}

/**
 * Creates that arrive in the same turn of the event loop, each outside any unit of work, go to the
 * database as one multi-row INSERT: one statement, one commit and one count of the collection's
 * revision for all of them, where each alone would pay for its own. Nobody waits for a batch to
 * fill: the turn's creates go at its end, one alone as before.
 *
 * Each caller still gets its own answer. When the batch breaks a rule (a unique key, a parent
 * that is gone), none of it was written, and each record is tried again alone, so only the one
 * at fault is refused. When the database is out of reach, or the outcome is unknown (the answer
 * was lost after the statement went), every record of the batch shares that fate and answer:
 * trying them again could write them twice.
 */
export class CreateBatches<T> {
  private waiting: Waiting<T>[] = [];

  constructor(
    /** Writes several records in one statement; their records come back in the same order. */
    private readonly together: (many: readonly T[]) => Promise<StoredRecord<T>[]>,
    /** Writes one record as an unbatched create does. */
    private readonly alone: (data: T) => Promise<StoredRecord<T>>,
  ) {}

  create(data: T): Promise<StoredRecord<T>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ data, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const taken = this.waiting;
    this.waiting = [];
    for (let start = 0; start < taken.length; start += batchLimit) this.send(taken.slice(start, start + batchLimit));
  }

  private send(batch: readonly Waiting<T>[]): void {
    if (batch.length === 1) {
      this.one(batch[0]!);
      return;
    }
    this.together(batch.map((waiting) => waiting.data)).then(
      (records) => {
        for (const [i, waiting] of batch.entries()) waiting.resolve(records[i]!);
      },
      (error: unknown) => {
        if (sharedFate(error)) for (const waiting of batch) waiting.reject(error);
        else for (const waiting of batch) this.one(waiting);
      },
    );
  }

  private one(waiting: Waiting<T>): void {
    this.alone(waiting.data).then(waiting.resolve, waiting.reject);
  }
}

/** An error that says the database could not answer (503): it is every record's answer, not one's. */
function sharedFate(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 500;
}
