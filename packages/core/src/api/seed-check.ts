import { CorralError } from '@corral/errors';
import type { AnyCollection } from '../collection/define-collection.js';

const pageSize = 1_000;

/**
 * Every record that names a parent must name one that exists: data given to a store at startup
 * (seed data) is not checked by the API's write rules, so a wrong parent key would otherwise
 * surface later as records no parent path can reach. Throws, naming the first few strays.
 */
export async function checkParentKeys(collections: readonly AnyCollection[]): Promise<void> {
  const problems: string[] = [];
  for (const collection of collections) {
    const parent = collection.parent;
    if (!parent) continue;
    const known = new Map<string, boolean>();
    for (let offset = 0; problems.length < 5; offset += pageSize) {
      const page = await collection.store.list({ offset, limit: pageSize });
      for (const record of page.items) {
        const key = (record.data as Record<string, unknown>)[parent.field];
        if (key === undefined || key === null) continue;
        const id = String(key);
        if (!known.has(id)) known.set(id, (await parent.collection.store.get(id)).status === 'found');
        if (!known.get(id)) problems.push(`${collection.name} ${record.id} names ${parent.field} ${JSON.stringify(id)}, which is no record of ${parent.collection.name}`);
      }
      if (page.items.length < pageSize) break;
    }
  }
  if (problems.length > 0) throw new CorralError('CORRAL_DANGLING_PARENT_KEY', `Stored records refer to parents that do not exist: ${problems.slice(0, 5).join('; ')}`);
}
