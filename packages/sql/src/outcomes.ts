import type { DeleteResult, Lookup, ReplaceEntry, ReplaceManyResult, StoredRecord, WriteResult } from '@corral/core';

/** A lookup from what the database holds: the live row, else whether the id is a tombstone. */
export function lookupOf<T>(record: StoredRecord<T> | undefined, tombstone: boolean): Lookup<T> {
  if (record) return { status: 'found', record };
  return { status: tombstone ? 'gone' : 'missing' };
}

/**
 * A conditional write that changed nothing, told by the record as it now stands: a version
 * conflict, or gone, or missing.
 */
export function unwritten<T>(now: Lookup<T>): WriteResult<T> & DeleteResult<T> {
  return now.status === 'found' ? { status: 'conflict', current: now.record } : now;
}

/** One step of a bulk replace: the row and its new data. */
export interface ReplaceStep<T> {
  /** The row's key. */
  readonly key: string;
  /** Its new data. */
  readonly data: T;
}

/** A bulk replace that may go ahead (its steps), or the reason none of it may. */
export type ReplacePlan<T> =
  | {
      /** Every entry, checked, in order. */
      readonly steps: ReplaceStep<T>[];
    }
  | {
      /** The outcome to report; nothing is written. */
      readonly refused: ReplaceManyResult<T>;
    };

/**
 * Checks every entry of a bulk replace before anything is written: the first entry naming a
 * deleted or unknown id, or whose expected version no longer holds, stops the batch. An id listed
 * twice is checked against the version its earlier entry leaves (`nextVersion`), when the store
 * can tell it.
 */
export function planReplaceMany<T>(
  entries: readonly ReplaceEntry<T>[],
  keyOf: (id: string) => string | undefined,
  current: ReadonlyMap<string, Lookup<T>>,
  nextVersion: (version: number) => number | undefined,
): ReplacePlan<T> {
  const versions = new Map<string, number | undefined>();
  const steps: ReplaceStep<T>[] = [];
  for (const entry of entries) {
    const key = keyOf(entry.id);
    const lookup: Lookup<T> = (key === undefined ? undefined : current.get(key)) ?? { status: 'missing' };
    if (lookup.status !== 'found') return { refused: { status: lookup.status, id: entry.id } };
    const version = versions.has(key!) ? versions.get(key!) : lookup.record.version;
    if (entry.expectedVersion !== undefined && entry.expectedVersion !== version)
      return { refused: { status: 'conflict', id: entry.id, current: lookup.record } };
    versions.set(key!, version === undefined ? undefined : nextVersion(version));
    steps.push({ key: key!, data: entry.data });
  }
  return { steps };
}
