import { CorralError } from '@corral/errors';
import type { AnyCollection } from '../collection/define-collection.js';

/** Records looked up per call, parents and children alike. */
const pageSize = 1_000;

/** Problems named in the error at most. */
const named = 5;

/**
 * Every seeded record that names a parent must name one that exists: data given to a store at
 * startup (seed data) is not checked by the API's write rules, so a wrong parent key would
 * otherwise surface later as records no parent path can reach. Only the records a store says it
 * seeded (`Store.seededIds`) are read, a page of ids at a time with one lookup of the page's parent
 * keys: a store that holds much more (a database) is never scanned, and one that checks parent
 * keys itself (`Store.checksParentKeys`) is not read at all. Throws, naming the first few strays.
 */
export async function checkParentKeys(collections: readonly AnyCollection[]): Promise<void> {
  const problems: string[] = [];
  for (const collection of collections) {
    const parent = collection.parent;
    const { store } = collection;
    if (!parent || store.checksParentKeys || !store.seededIds) continue;
    const seeded = store.seededIds();
    const known = new Map<string, boolean>();
    const keyOf = (data: object) => {
      const key = (data as Record<string, unknown>)[parent.field];
      return key === undefined || key === null ? undefined : String(key);
    };
    for (let offset = 0; offset < seeded.length && problems.length < named; offset += pageSize) {
      const records = (await store.getMany(seeded.slice(offset, offset + pageSize))).flatMap((lookup) =>
        lookup.status === 'found' ? [lookup.record] : [],
      );
      const unknown = [
        ...new Set(records.map((record) => keyOf(record.data)).filter((key) => key !== undefined && !known.has(key))),
      ] as string[];
      const lookups = unknown.length > 0 ? await parent.collection.store.getMany(unknown) : [];
      unknown.forEach((key, index) => {
        known.set(key, lookups[index]?.status === 'found');
      });
      for (const record of records) {
        const id = keyOf(record.data);
        if (id !== undefined && !known.get(id))
          problems.push(
            `${collection.name} ${record.id} names ${parent.field} ${JSON.stringify(id)}, which is no record of ${parent.collection.name}`,
          );
      }
    }
  }
  if (problems.length > 0)
    throw new CorralError(
      'CORRAL_DANGLING_PARENT_KEY',
      `Stored records refer to parents that do not exist: ${problems.slice(0, named).join('; ')}`,
    );
}
