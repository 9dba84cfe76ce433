import { ApiError } from '@corral/errors';
import type { CollectionRuntime } from './runtime.js';

/** The key a child record holds for a parent id, as the child's field type. */
function keyFor(child: CollectionRuntime, parentId: string): unknown {
  try {
    return child.parentFilter?.parse('parentId', parentId) ?? parentId;
  } catch {
    return parentId;
  }
}

async function childRecords(child: CollectionRuntime, parentId: string | undefined) {
  const filter = parentId === undefined ? {} : { [child.collection.parent!.field]: keyFor(child, parentId) };
  const all = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await child.collection.store.list({ filter, offset, limit: 1000 });
    all.push(...page.items);
    if (page.items.length < 1000) return all;
  }
}

async function countChildren(child: CollectionRuntime, parentId: string | undefined): Promise<number> {
  const filter = parentId === undefined ? {} : { [child.collection.parent!.field]: keyFor(child, parentId) };
  return (await child.collection.store.list({ filter, offset: 0, limit: 0 })).total;
}

/**
 * Before a parent record goes (or, with `parentId` undefined, every record of the parent
 * collection): refuses with 409 while a `restrict` child collection still refers to it, also
 * further down through `cascade` children, so that nothing is deleted when the answer is 409.
 */
export async function refuseIfReferenced(runtime: CollectionRuntime, parentId: string | undefined): Promise<void> {
  for (const child of runtime.children) {
    if (child.collection.parent?.onParentDelete === 'cascade') {
      if (child.children.length > 0) for (const record of await childRecords(child, parentId)) await refuseIfReferenced(child, record.id);
      continue;
    }
    const count = await countChildren(child, parentId);
    if (count > 0) {
      const what = parentId === undefined ? `records of ${runtime.collection.name}` : `the record with id ${JSON.stringify(parentId)} in ${runtime.collection.name}`;
      throw new ApiError('resourceInUse', `Cannot delete ${what}: ${count} record(s) of ${child.collection.name} still refer to it. Delete or move them first`);
    }
  }
}

/** After a parent record went: deletes the records of `cascade` child collections that belonged to it (and theirs). */
export async function deleteChildren(runtime: CollectionRuntime, parentId: string | undefined): Promise<void> {
  for (const child of runtime.children) {
    if (child.collection.parent?.onParentDelete !== 'cascade') continue;
    const filter = parentId === undefined ? {} : { [child.collection.parent.field]: keyFor(child, parentId) };
    for (;;) {
      const page = await child.collection.store.list({ filter, offset: 0, limit: 1000 });
      if (page.items.length === 0) break;
      for (const record of page.items) {
        await child.collection.store.delete(record.id);
        await deleteChildren(child, record.id);
      }
    }
  }
}
