import type { ReplaceEntry, ReplaceManyResult, StoredRecord } from './store.js';

/** How the store resolves an id: the live record with its sequence number, or why there is none. */
export type Resolved<T> =
  | { readonly status: 'found'; readonly seq: number; readonly record: StoredRecord<T> }
  | { readonly status: 'gone' | 'missing' };

export interface BatchStep<T> {
  readonly seq: number;
  readonly data: T;
}

type BatchFailure<T> = Exclude<ReplaceManyResult<T>, { status: 'ok' }>;

/**
 * Checks a bulk replace before anything is written, so it can be all or nothing: either every
 * step to apply, or the first failing entry.
 *
 * An id listed twice is applied in order, like two consecutive replaces: each entry bumps the
 * version, and a later entry's `expectedVersion` is checked against the version the earlier entry
 * produces. A conflict still reports the stored record as `current`, since nothing was written.
 */
export function planBatch<T>(
  entries: readonly ReplaceEntry<T>[],
  resolve: (id: string) => Resolved<T>,
): { readonly status: 'ok'; readonly steps: BatchStep<T>[] } | BatchFailure<T> {
  const versions = new Map<number, number>();
  const steps: BatchStep<T>[] = [];
  for (const entry of entries) {
    const found = resolve(entry.id);
    if (found.status !== 'found') return { status: found.status, id: entry.id };
    const { seq, record } = found;
    const version = versions.get(seq) ?? record.version;
    if (entry.expectedVersion !== undefined && entry.expectedVersion !== version) {
      return { status: 'conflict', id: entry.id, current: record };
    }
    versions.set(seq, version + 1);
    steps.push({ seq, data: entry.data });
  }
  return { status: 'ok', steps };
}
