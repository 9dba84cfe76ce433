import { snapshot } from './freeze.js';
import { formatId, IdSequence } from './id-sequence.js';
import { Indexes } from './indexes.js';
import { runQuery } from './query.js';
import { planBatch, type Resolved } from './replace-many.js';
import type { DeleteAllResult, DeleteResult, Lookup, ReplaceManyResult, Store, StoredRecord, WriteResult } from './store.js';

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions<T extends object> {
  /** Records the store starts with, created in order: ids "1" to "n", version 1. */
  readonly initial?: readonly T[];
}

/**
 * A store that keeps records in memory. Every method does its checks and writes synchronously, so
 * an `expectedVersion` check and the write it guards cannot interleave with another call.
 * Records are frozen snapshots, handed out as they are: reads copy nothing.
 */
// Without seed data there is nothing to type: the store takes its record type from the collection
// it is given to (TypeScript cannot infer that from the surrounding defineCollection call).
export function memoryStore(): Store<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- typed by its collection
// `const`: literal seed values keep their literal types (an enum value is not widened to string),
// so `memoryStore({ initial })` fits a collection whose schema has enums without a type argument.
export function memoryStore<const T extends object>(options?: MemoryStoreOptions<T>): Store<T>;
export function memoryStore<const T extends object>(options: MemoryStoreOptions<T> = {}): Store<T> {
  const ids = new IdSequence();
  // Keyed by sequence number; Map order is creation order, since a replace keeps a key in place.
  const live = new Map<number, StoredRecord<T>>();
  const indexes = new Indexes();
  // Counts successful writes; starts at 0 whatever the initial data, so equal histories give equal revisions.
  let revision = 0;

  const stored = (seq: number, version: number, data: Readonly<T>): StoredRecord<T> =>
    Object.freeze({ id: formatId(seq), version, data });

  // No index can exist yet, so loading is one Map insert per record; init() sorts once later.
  for (const data of options.initial ?? []) {
    const seq = ids.next();
    live.set(seq, stored(seq, 1, snapshot(data)));
  }

  function find(id: string): Resolved<T> {
    const seq = ids.parse(id);
    if (seq === undefined) return { status: 'missing' };
    const record = live.get(seq);
    return record ? { status: 'found', seq, record } : { status: 'gone' };
  }

  /** Callers have checked that `seq` is live. */
  function write(seq: number, data: Readonly<T>): StoredRecord<T> {
    const before = live.get(seq);
    if (!before) throw new Error(`memoryStore: write to id ${seq}, which is not live`);
    const record = stored(seq, before.version + 1, data);
    indexes.replaced(seq, before.data, data);
    live.set(seq, record);
    revision++;
    return record;
  }

  return {
    init(hints) {
      indexes.init(hints, live);
    },

    async list(query) {
      return { ...runQuery({ live, sorted: indexes.sorted, filters: indexes.filters }, query), revision };
    },

    async revision() {
      return revision;
    },

    async get(id): Promise<Lookup<T>> {
      const found = find(id);
      return found.status === 'found' ? { status: 'found', record: found.record } : found;
    },

    async create(data) {
      const copy = snapshot(data);
      const seq = ids.next();
      const record = stored(seq, 1, copy);
      live.set(seq, record);
      indexes.added(seq, copy);
      revision++;
      return record;
    },

    async replace(id, data, expectedVersion): Promise<WriteResult<T>> {
      const found = find(id);
      if (found.status !== 'found') return found;
      const { seq, record } = found;
      if (expectedVersion !== undefined && expectedVersion !== record.version) {
        return { status: 'conflict', current: record };
      }
      return { status: 'ok', record: write(seq, snapshot(data)) };
    },

    async delete(id, expectedVersion): Promise<DeleteResult<T>> {
      const found = find(id);
      if (found.status !== 'found') return found;
      const { seq, record } = found;
      if (expectedVersion !== undefined && expectedVersion !== record.version) {
        return { status: 'conflict', current: record };
      }
      live.delete(seq);
      indexes.removed(seq, record.data);
      revision++;
      return { status: 'ok' };
    },

    async deleteAll(expectedRevision): Promise<DeleteAllResult> {
      if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
      const count = live.size;
      live.clear();
      indexes.clear();
      revision++;
      return { status: 'ok', count };
    },

    async replaceMany(entries, expectedRevision): Promise<ReplaceManyResult<T>> {
      if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
      const plan = planBatch(entries, find);
      if (plan.status !== 'ok') return plan;
      // Clone everything before writing anything: a clone that throws must leave the store untouched.
      const copies = plan.steps.map((step) => ({ seq: step.seq, data: snapshot(step.data) }));
      return { status: 'ok', records: copies.map(({ seq, data }) => write(seq, data)) };
    },
  };
}
