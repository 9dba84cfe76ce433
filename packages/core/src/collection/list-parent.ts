import type { HandlerContext } from '../vocabulary/context.js';
import { findRecord } from './lookup.js';
import type { CollectionRuntime } from './runtime.js';

/**
 * The equality filters of a list, with the parent key of a nested list's path: `/<parent>/<id>/<name>`
 * lists the records whose parent field holds `id`. The parent must exist (else 404 or 410); null
 * when nothing can match (the query names another parent, or no key can equal the id).
 */
export async function parentFilter(
  runtime: CollectionRuntime,
  context: HandlerContext,
  filter: Readonly<Record<string, unknown>>,
): Promise<Readonly<Record<string, unknown>> | null> {
  const parentId = context.params.parentId;
  const parent = runtime.collection.parent;
  if (parentId === undefined || !parent) return filter;
  await findRecord(parent.collection, parentId, undefined);
  const field = parent.field;
  const fromPath = parentKey(runtime, parentId);
  // A query contradicting its path (or a parent id no key can equal) matches nothing.
  return fromPath === noKey || (field in filter && filter[field] !== fromPath)
    ? null
    : { ...filter, [field]: fromPath };
}

/** Stands for a parent id that no value of the parent field can equal. */
const noKey = Symbol('no key');

/** The parent id from the path as the parent field's type. */
function parentKey(runtime: CollectionRuntime, parentId: string): unknown {
  try {
    return runtime.parentFilter?.parse('parentId', parentId) ?? parentId;
  } catch {
    return noKey;
  }
}
