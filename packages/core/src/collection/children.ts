import { ApiError } from '@corral/errors';
import type { StoreCallOptions } from '../store/store.js';
import type { CollectionRuntime } from './runtime.js';
import { locking } from './unit-of-work.js';

/** The key a child record holds for a parent id, as the child's field type; undefined when no key could be that id. */
function keyFor(child: CollectionRuntime, parentId: string): unknown {
  try {
    return child.parentFilter?.parse('parentId', parentId) ?? parentId;
  } catch {
    return undefined;
  }
}

/** The child records of one parent (every child record when `parentId` is undefined); null when there can be none. */
function childFilter(child: CollectionRuntime, parentId: string | undefined): Record<string, unknown> | null {
  if (parentId === undefined) return {};
  const key = keyFor(child, parentId);
  return key === undefined ? null : { [child.collection.parent!.field]: key };
}

/**
 * Ids of the records `filter` selects, each locked against any write until the unit ends (a page
 * at a time, in id order): a child added below one of them waits for the unit, so a check of their
 * own children that follows holds. Used to go further down, and for every record of a bulk delete.
 */
export async function lockedIds(
  runtime: CollectionRuntime,
  filter: Record<string, unknown>,
  options: StoreCallOptions,
): Promise<string[]> {
  const { store } = runtime.collection;
  const ids: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    // The page needs only ids: the rows are read once, by the lock.
    const page = await store.list({ filter, offset, limit: 1000, fields: [] }, options);
    const pageIds = page.items.map((record) => record.id);
    if (pageIds.length > 0) await store.getMany(pageIds, locking(options, 'update'));
    ids.push(...pageIds);
    if (page.items.length < 1000) return ids;
  }
}

/**
 * Before a parent record goes (or, with `parentId` undefined, every record of the parent
 * collection): refuses with 409 while a `restrict` child collection still refers to it, also
 * further down through `cascade` children, so that nothing is deleted when the answer is 409.
 * Run it in the same unit of work as the delete, so no child can appear in between.
 */
export async function refuseIfReferenced(
  runtime: CollectionRuntime,
  parentId: string | undefined,
  options: StoreCallOptions,
): Promise<void> {
  for (const child of runtime.children) {
    const filter = childFilter(child, parentId);
    if (filter === null) continue;
    if (child.collection.parent?.onParentDelete === 'cascade') {
      if (child.children.length > 0)
        for (const id of await lockedIds(child, filter, options)) await refuseIfReferenced(child, id, options);
      continue;
    }
    const count = await child.collection.store.count(filter, options);
    if (count > 0) {
      const what =
        parentId === undefined
          ? `records of ${runtime.collection.name}`
          : `the record with id ${JSON.stringify(parentId)} in ${runtime.collection.name}`;
      throw new ApiError(
        'resourceInUse',
        `Cannot delete ${what}: ${count} record(s) of ${child.collection.name} still refer to it. Delete or move them first`,
      );
    }
  }
}

/** After a parent record went: deletes the records of `cascade` child collections that belonged to it (and theirs). */
export async function deleteChildren(
  runtime: CollectionRuntime,
  parentId: string | undefined,
  options: StoreCallOptions,
): Promise<void> {
  for (const child of runtime.children) {
    if (child.collection.parent?.onParentDelete !== 'cascade') continue;
    const filter = childFilter(child, parentId);
    if (filter === null) continue;
    // Grandchildren first need the ids of the children that go.
    if (child.children.length > 0)
      for (const id of await lockedIds(child, filter, options)) await deleteChildren(child, id, options);
    await child.collection.store.deleteWhere(filter, options);
  }
}
