import type { Lookup, Store, StoreCallOptions, StoredRecord } from '../store/store.js';

const copy = <T>(record: StoredRecord<T>): StoredRecord<T> => structuredClone(record);
const copyLookup = <T>(lookup: Lookup<T>): Lookup<T> =>
  lookup.status === 'found' ? { status: 'found', record: copy(lookup.record) } : lookup;

/**
 * A store that hands out a new, unfrozen copy of every record it returns, as a database store
 * does. Running core's suites over it shows that nothing relies on a store returning the same
 * object twice.
 */
export function freshObjectStore<T>(inner: Store<T>): Store<T> {
  return {
    ...(inner.database ? { database: inner.database } : {}),
    ...(inner.listFeatures ? { listFeatures: inner.listFeatures } : {}),
    ...(inner.checksParentKeys ? { checksParentKeys: true } : {}),
    ...(inner.seededIds ? { seededIds: () => inner.seededIds!() } : {}),
    init: (init) => inner.init?.(init),
    close: async () => inner.close?.(),
    list: async (query, options) => {
      const page = await inner.list(query, options);
      return { ...page, items: page.items.map(copy) };
    },
    ...(inner.listGroups
      ? {
          listGroups: async (query, options) =>
            (await inner.listGroups!(query, options)).map((group) => ({ ...group, items: group.items.map(copy) })),
        }
      : {}),
    count: (filter, options) => inner.count(filter, options),
    get: async (id, options) => copyLookup(await inner.get(id, options)),
    getMany: async (ids, options) => (await inner.getMany(ids, options)).map(copyLookup),
    create: async (data, options) => copy(await inner.create(data, options)),
    replace: async (id, data, expectedVersion, options) => {
      const result = await inner.replace(id, data, expectedVersion, options);
      if (result.status === 'ok') return { status: 'ok', record: copy(result.record) };
      return result.status === 'conflict' ? { status: 'conflict', current: copy(result.current) } : result;
    },
    // Forwarded when the inner store has it, so that the one-statement PATCH runs over copies too.
    ...(inner.update
      ? {
          update: async (
            id: string,
            changes: Readonly<Partial<T>>,
            expectedVersion?: number,
            options?: StoreCallOptions,
          ) => {
            const result = await inner.update!(id, changes, expectedVersion, options);
            if (result.status === 'ok') return { status: 'ok' as const, record: copy(result.record) };
            return result.status === 'conflict'
              ? { status: 'conflict' as const, current: copy(result.current) }
              : result;
          },
        }
      : {}),
    delete: async (id, expectedVersion, options) => {
      const result = await inner.delete(id, expectedVersion, options);
      return result.status === 'conflict' ? { status: 'conflict', current: copy(result.current) } : result;
    },
    deleteWhere: (filter, options) => inner.deleteWhere(filter, options),
    revision: (options) => inner.revision(options),
    deleteAll: (expectedRevision, options) => inner.deleteAll(expectedRevision, options),
    replaceMany: async (entries, expectedRevision, options) => {
      const result = await inner.replaceMany(entries, expectedRevision, options);
      if (result.status === 'ok') return { status: 'ok', records: result.records.map(copy) };
      return result.status === 'conflict' ? { ...result, current: copy(result.current) } : result;
    },
  };
}
