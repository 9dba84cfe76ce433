import { CorralError } from '@corral/errors';
import { snapshot } from './freeze.js';
import { formatId, IdSequence } from './id-sequence.js';
import { Indexes, type IndexedFields } from './indexes.js';
import type { ChangeKind } from './change-log.js';
import type { NewChange } from './memory-change-log.js';
import { defaultMemoryDatabase, type MemoryDatabase, type MemoryTransaction } from './memory-database.js';
import { runQuery } from './query.js';
import { planBatch, type Resolved } from './replace-many.js';
import { refuseTakenKeys } from './unique-keys.js';
import type {
  DeleteAllResult,
  DeleteResult,
  Lookup,
  ReplaceManyResult,
  Store,
  StoreCallOptions,
  StoredRecord,
  WriteResult,
} from './store.js';

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions<T extends object> {
  /** Records the store starts with, created in order: ids "1" to "n", version 1. */
  readonly initial?: readonly T[];
  /** The group whose transactions this store takes part in; by default all memory stores share one. */
  readonly database?: MemoryDatabase;
}

/**
 * A store that keeps records in memory. Every method does its checks and writes synchronously, so
 * an `expectedVersion` check and the write it guards cannot interleave with another call.
 * Records are frozen snapshots, handed out as they are: reads copy nothing.
 */
// Without seed data there is nothing to type: the store takes its record type from the collection
// it is given to (TypeScript cannot infer that from the surrounding defineCollection call).
// biome-ignore lint/suspicious/noExplicitAny: typed by its collection
export function memoryStore(): Store<any>;
// `const`: literal seed values keep their literal types (an enum value is not widened to string),
// so `memoryStore({ initial })` fits a collection whose schema has enums without a type argument.
export function memoryStore<const T extends object>(options?: MemoryStoreOptions<T>): Store<T>;
export function memoryStore<const T extends object>(options: MemoryStoreOptions<T> = {}): Store<T> {
  const database = options.database ?? defaultMemoryDatabase;
  const ids = new IdSequence();
  // Keyed by sequence number; Map order is creation order, since a replace keeps a key in place.
  const live = new Map<number, StoredRecord<T>>();
  const indexes = new Indexes();
  let indexed: IndexedFields = { sortable: [], filterable: [] };
  // Unique keys the collection declares (checked by scanning: a memory store holds few records).
  let unique: { collection: string; keys: (readonly string[])[] } = { collection: 'the collection', keys: [] };
  const refuseTaken = (writes: readonly { seq: number | undefined; data: object }[]) =>
    refuseTakenKeys(unique.collection, unique.keys, live, writes);
  // Ids created by a unit of work that was undone: nobody was told of them, so they read as unknown.
  const voided = new Set<number>();
  // Counts successful writes; starts at 0 whatever the initial data, so equal histories give equal revisions.
  let revision = 0;

  const stored = (seq: number, version: number, data: Readonly<T>): StoredRecord<T> =>
    Object.freeze({ id: formatId(seq), version, data });

  /** The change log entry of one written record, under the collection's name (known from `init`). */
  const change = (
    kind: ChangeKind,
    record: StoredRecord<T>,
    data: Readonly<T> | undefined,
    previous: Readonly<T> | undefined,
  ): NewChange => ({
    collection: unique.collection,
    id: record.id,
    kind,
    version: record.version,
    at: new Date(),
    ...(data ? { data: data as Readonly<Record<string, unknown>> } : {}),
    ...(previous ? { previous: previous as Readonly<Record<string, unknown>> } : {}),
  });
  /** Logs changes now, or when the unit of work they belong to commits. */
  const logChanges = (changes: readonly NewChange[], transaction: MemoryTransaction | undefined): void => {
    if (!transaction) database.changes.append(changes);
    else for (const one of changes) transaction.logChange(one);
  };

  // No index can exist yet, so loading is one Map insert per record; init() sorts once later.
  const seeded: string[] = [];
  for (const data of options.initial ?? []) {
    const seq = ids.next();
    live.set(seq, stored(seq, 1, snapshot(data)));
    seeded.push(formatId(seq));
  }

  function find(id: string): Resolved<T> {
    const seq = ids.parse(id);
    if (seq === undefined) return { status: 'missing' };
    const record = live.get(seq);
    if (record) return { status: 'found', seq, record };
    return voided.has(seq) ? { status: 'missing' } : { status: 'gone' };
  }

  /** The transaction a call belongs to, checked to be one of this store's database. */
  function joined(options: StoreCallOptions | undefined): MemoryTransaction | undefined {
    const transaction = options?.transaction;
    if (transaction && transaction.database !== database)
      throw new CorralError('CORRAL_FOREIGN_TRANSACTION', 'memoryStore: the transaction belongs to another database');
    return transaction as MemoryTransaction | undefined;
  }

  /** Puts deleted records back where they were: the Map and the indexes keep creation order, so both are rebuilt. */
  function restore(records: readonly StoredRecord<T>[]): void {
    const entries = [...live.values(), ...records]
      .map((record) => [Number(record.id), record] as const)
      .sort((a, b) => a[0] - b[0]);
    live.clear();
    for (const [key, value] of entries) live.set(key, value);
    indexes.rebuild(indexed, live);
    revision++;
  }

  /** Deletes live records; inside a unit of work, one undo step puts them all back. */
  function removeLive(records: readonly StoredRecord<T>[], transaction: MemoryTransaction | undefined): void {
    if (records.length === 0) return;
    for (const record of records) {
      const seq = Number(record.id);
      live.delete(seq);
      indexes.removed(seq, record.data);
    }
    revision++;
    logChanges(
      records.map((record) => change('deleted', record, undefined, record.data)),
      transaction,
    );
    transaction?.onRollback(() => restore(records.map((r) => stored(Number(r.id), r.version + 1, r.data))));
  }

  /** Callers have checked that `seq` is live. */
  function write(seq: number, data: Readonly<T>, transaction: MemoryTransaction | undefined): StoredRecord<T> {
    const before = live.get(seq);
    if (!before) throw new Error(`memoryStore: write to id ${seq}, which is not live`);
    const record = stored(seq, before.version + 1, data);
    indexes.replaced(seq, before.data, data);
    live.set(seq, record);
    revision++;
    logChanges([change('updated', record, data, before.data)], transaction);
    // Undone with a new version rather than the old one: a version someone may have seen is never reused.
    transaction?.onRollback(() => {
      const now = live.get(seq) ?? record;
      indexes.replaced(seq, now.data, before.data);
      live.set(seq, stored(seq, now.version + 1, before.data));
      revision++;
    });
    return record;
  }

  /** A write of one record (`next` gives its new data from the stored record) if its version still holds. */
  async function overwrite(
    id: string,
    next: (record: StoredRecord<T>) => Readonly<T>,
    expectedVersion: number | undefined,
    options: StoreCallOptions | undefined,
  ): Promise<WriteResult<T>> {
    const transaction = joined(options);
    // Wait out a unit of work from outside it; the check and the write below are one synchronous step.
    while (!transaction && database.busy) await database.idle();
    const found = find(id);
    if (found.status !== 'found') return found;
    const { seq, record } = found;
    if (expectedVersion !== undefined && expectedVersion !== record.version) {
      return { status: 'conflict', current: record };
    }
    const data = next(record);
    refuseTaken([{ seq, data }]);
    return { status: 'ok', record: write(seq, data, transaction) };
  }

  // `limit` 0 when only the number is wanted: the matches are then counted, not gathered into a page.
  const matching = (filter: Readonly<Record<string, unknown>>, limit = Number.MAX_SAFE_INTEGER) =>
    runQuery({ live, sorted: indexes.sorted, filters: indexes.filters }, { filter, offset: 0, limit });

  const lookup = (id: string): Lookup<T> => {
    const found = find(id);
    return found.status === 'found' ? { status: 'found', record: found.record } : found;
  };

  return {
    listFeatures: { conditions: true, seek: true },
    seededIds: () => seeded,
    database,

    init(fields) {
      // A store shared by several versions of a collection is told once per version: index only what is new.
      const added = {
        sortable: fields.sortable.filter((f) => !indexed.sortable.includes(f)),
        filterable: fields.filterable.filter((f) => !indexed.filterable.includes(f)),
      };
      indexed = {
        sortable: [...indexed.sortable, ...added.sortable],
        filterable: [...indexed.filterable, ...added.filterable],
      };
      indexes.rebuild(added, live);
      const known = new Set(unique.keys.map((key) => key.join('\u0000')));
      const keys = (fields.unique ?? []).filter((key) => !known.has(key.join('\u0000')));
      unique = { collection: fields.collection, keys: [...unique.keys, ...keys] };
    },

    async list(query, options) {
      joined(options);
      return { ...runQuery({ live, sorted: indexes.sorted, filters: indexes.filters }, query), revision };
    },

    async listGroups(query, options) {
      joined(options);
      const source = { live, sorted: indexes.sorted, filters: indexes.filters };
      // Each group is one indexed filter: in memory a call per key costs what one query would.
      return query.keys.map((key) => {
        // A filter on the group field itself leaves only the group it names.
        if (query.filter && Object.hasOwn(query.filter, query.field) && query.filter[query.field] !== key)
          return { key, items: [], total: 0 };
        const page = runQuery(source, {
          filter: { ...query.filter, [query.field]: key },
          offset: 0,
          limit: query.limit,
        });
        return { key, items: page.items, total: page.total };
      });
    },

    async count(filter, options) {
      joined(options);
      return Object.keys(filter).length === 0 ? live.size : matching(filter, 0).total;
    },

    async revision(options) {
      joined(options);
      return revision;
    },

    async get(id, options): Promise<Lookup<T>> {
      joined(options);
      return lookup(id);
    },

    async getMany(list, options) {
      joined(options);
      return list.map(lookup);
    },

    async create(data, options) {
      const copy = snapshot(data);
      const transaction = joined(options);
      // Wait out a unit of work from outside it; the check and the write below are one synchronous step.
      while (!transaction && database.busy) await database.idle();
      refuseTaken([{ seq: undefined, data: copy }]);
      const seq = ids.next();
      const record = stored(seq, 1, copy);
      live.set(seq, record);
      indexes.added(seq, copy);
      revision++;
      logChanges([change('created', record, copy, undefined)], transaction);
      transaction?.onRollback(() => {
        live.delete(seq);
        indexes.removed(seq, copy);
        voided.add(seq);
        revision++;
      });
      return record;
    },

    async replace(id, data, expectedVersion, options): Promise<WriteResult<T>> {
      const copy = snapshot(data);
      return overwrite(id, () => copy, expectedVersion, options);
    },

    async update(id, changes, expectedVersion, options): Promise<WriteResult<T>> {
      const copy = snapshot(changes);
      return overwrite(id, (record) => snapshot({ ...record.data, ...copy }), expectedVersion, options);
    },

    async delete(id, expectedVersion, options): Promise<DeleteResult<T>> {
      const transaction = joined(options);
      // Wait out a unit of work from outside it; the check and the write below are one synchronous step.
      while (!transaction && database.busy) await database.idle();
      const found = find(id);
      if (found.status !== 'found') return found;
      const { record } = found;
      if (expectedVersion !== undefined && expectedVersion !== record.version) {
        return { status: 'conflict', current: record };
      }
      removeLive([record], transaction);
      return { status: 'ok' };
    },

    async deleteWhere(filter, options) {
      const transaction = joined(options);
      // Wait out a unit of work from outside it; the check and the write below are one synchronous step.
      while (!transaction && database.busy) await database.idle();
      const doomed = Object.keys(filter).length === 0 ? [...live.values()] : matching(filter).items;
      removeLive(doomed, transaction);
      return doomed.length;
    },

    async deleteAll(expectedRevision, options): Promise<DeleteAllResult> {
      const transaction = joined(options);
      // Wait out a unit of work from outside it; the check and the write below are one synchronous step.
      while (!transaction && database.busy) await database.idle();
      if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
      const count = live.size;
      if (transaction) {
        if (count === 0) revision++; // a committed write, even of nothing
        removeLive([...live.values()], transaction);
        return { status: 'ok', count };
      }
      logChanges(
        Array.from(live.values(), (record) => change('deleted', record, undefined, record.data)),
        undefined,
      );
      live.clear();
      indexes.clear();
      revision++;
      return { status: 'ok', count };
    },

    async replaceMany(entries, expectedRevision, options): Promise<ReplaceManyResult<T>> {
      const transaction = joined(options);
      // Wait out a unit of work from outside it; the check and the write below are one synchronous step.
      while (!transaction && database.busy) await database.idle();
      if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
      const plan = planBatch(entries, find);
      if (plan.status !== 'ok') return plan;
      // Clone everything before writing anything: a clone that throws must leave the store untouched.
      const copies = plan.steps.map((step) => ({ seq: step.seq, data: snapshot(step.data) }));
      refuseTaken(copies);
      return { status: 'ok', records: copies.map(({ seq, data }) => write(seq, data, transaction)) };
    },
  };
}
