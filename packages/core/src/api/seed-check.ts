import { CorralError } from '@corral/errors';
import type { AnyCollection } from '../collection/define-collection.js';

const pageSize = 1_000;

/** Problems named in the error at most. */
const named = 5;

/**
 * Every record that names a parent must name one that exists: data given to a store at startup
 * (seed data) is not checked by the API's write rules, so a wrong parent key would otherwise
 * surface later as records no parent path can reach. A store that checks parent keys itself (a
 * database with foreign keys, see `Store.checksParentKeys`) is not read; the others are read a page
 * at a time, with one lookup of the page's parent keys. Throws, naming the first few strays.
 */
export async function checkParentKeys(collections: readonly AnyCollection[]): Promise<void> {
  const problems: string[] = [];
  for (const collection of collections) {
    const parent = collection.parent;
    if (!parent || collection.store.checksParentKeys) continue;
    const known = new Map<string, boolean>();
    for (let offset = 0; problems.length < named; offset += pageSize) {
      const page = await collection.store.list({ offset, limit: pageSize });
      const keyOf = (data: object) => {
        const key = (data as Record<string, unknown>)[parent.field];
        return key === undefined || key === null ? undefined : String(key);
      };
      const unknown = [
        ...new Set(
          page.items.map((record) => keyOf(record.data)).filter((key) => key !== undefined && !known.has(key)),
        ),
      ] as string[];
      const lookups = unknown.length > 0 ? await parent.collection.store.getMany(unknown) : [];
      unknown.forEach((key, index) => {
        known.set(key, lookups[index]?.status === 'found');
      });
      for (const record of page.items) {
        const id = keyOf(record.data);
        if (id !== undefined && !known.get(id))
          problems.push(
            `${collection.name} ${record.id} names ${parent.field} ${JSON.stringify(id)}, which is no record of ${parent.collection.name}`,
          );
      }
      if (page.items.length < pageSize) break;
    }
  }
  if (problems.length > 0)
    throw new CorralError(
      'CORRAL_DANGLING_PARENT_KEY',
      `Stored records refer to parents that do not exist: ${problems.slice(0, named).join('; ')}`,
    );
}
