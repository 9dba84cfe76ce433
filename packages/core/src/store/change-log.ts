/**
 * The change log of a database: every committed write to its collections, in an order a reader
 * can resume from. Feeds (`Accept: text/event-stream`), webhooks and the admin read it. A log
 * belongs to a {@link StoreDatabase}; its stores append to it in the same transaction as each
 * write, so a change is in the log exactly when it is committed.
 */

/** What a change did to its record. */
export type ChangeKind = 'created' | 'updated' | 'deleted';

/** One committed change of one record, as the log keeps it. */
export interface LoggedChange {
  /** Where the change stands in the log: opaque, and greater than every position read before it. */
  readonly position: string;
  /** The collection's name (as declared). */
  readonly collection: string;
  /** The record's id, as the API writes it. */
  readonly id: string;
  /** What the change did to the record. */
  readonly kind: ChangeKind;
  /** The record's version after the change (for a delete: the version it had). */
  readonly version: number;
  /** When the change was written. */
  readonly at: Date;
  /** The record's data after the change, as the store hands it to core; absent for `deleted`. */
  readonly data?: Readonly<Record<string, unknown>>;
  /**
   * The record's data before the change, for `updated` and `deleted`: a list feed uses it to tell
   * whether the record belonged to the list before. Absent where the writer could not know it.
   */
  readonly previous?: Readonly<Record<string, unknown>>;
}

/** What {@link ChangeLog.read} gives. */
export type ChangeBatch =
  | {
      /** The changes after the position asked for, oldest first. */
      readonly changes: readonly LoggedChange[];
      /** Where the next read starts. */
      readonly position: string;
    }
  /**
   * The position asked for cannot be resumed from: not a position of this log (`unknown`), or older
   * than what the log still keeps (`expired`). `position` is the log's current one: a reader reads
   * its data again and follows the log from there.
   */
  | {
      /** Why the position cannot be resumed from. */
      readonly reset: 'unknown' | 'expired';
      /** The log's current position: read the data again and follow the log from here. */
      readonly position: string;
    };

/** A change log; see the module comment. */
export interface ChangeLog {
  /**
   * A position from which reading delivers every change that a read of the stores started after
   * this call might not show (changes it does show may come again). Cheap: a log may answer from
   * a position it learned a moment ago, since an earlier position is always safe. `fresh` asks for
   * the position as of now (a feed opened without `Last-Event-ID` starts there, so that it begins
   * about now rather than with the log's history). `settled` is stricter still: where a fresh
   * position may come before changes of transactions that were running when it was asked for
   * (they could commit before the caller acts, or have committed already), it waits for those to
   * end (10 s at most, then answers as `fresh`), so that what follows it begins after the call:
   * a webhook subscription starts there and is sent nothing that happened before it was made.
   */
  position(options?: { readonly fresh?: boolean; readonly settled?: boolean }): string | Promise<string>;
  /**
   * The changes after `position`, oldest first, at most `limit` of them. Only committed changes
   * are given, and never one at or below a position given before: a change committed late by a
   * transaction that started early is held back until no earlier one can still commit.
   */
  read(position: string, limit: number): Promise<ChangeBatch>;
  /**
   * Calls `wake` whenever changes may have been committed since it was last called: at once for
   * writes of this process, soon after for other instances' and other programs' writes. Returns
   * the function that stops it.
   */
  watch(wake: () => void): () => void;
  /** Whether `a` comes before `b` in the log (both positions of this log). */
  before(a: string, b: string): boolean;
}
