import { pageEnvelope, pageLinks } from '@corral/pagination';
import type { HandlerContext } from '../api/context.js';
import { requireScope } from '../auth/require-scope.js';
import { jsonResponse, type CorralResponse } from '../http/exchange.js';
import { parseListParams } from './list-params.js';
import { findRecord } from './lookup.js';
import { represent } from './represent.js';
import type { CollectionRuntime } from './runtime.js';

/** GET on the collection, or on `/<parent>/<parentId>/<name>`, which lists the same records filtered by parent. */
export async function listRecords(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  requireScope(context.settings.auth, context.principal, collection.scopes.read);
  const query = parseListParams(runtime.list, context.request.query);
  const parentId = context.params.parentId;
  let filter = query.filter ?? {};
  if (parentId !== undefined && collection.parent) {
    await findRecord(collection.parent.collection, parentId, undefined);
    const field = collection.parent.field;
    const fromPath = parentKey(runtime, parentId);
    if (field in filter && filter[field] !== fromPath) return page(runtime, context, { offset: query.offset, limit: query.limit }, [], 0);
    filter = { ...filter, [field]: fromPath };
  }
  const result = await collection.store.list({ ...query, filter });
  return page(runtime, context, query, result.items.map((record) => represent(runtime, context.prefix, record)), result.total);
}

/** The parent id from the path as the parent field's type; an id that cannot be one matches nothing. */
function parentKey(runtime: CollectionRuntime, parentId: string): unknown {
  try {
    return runtime.parentFilter?.parse('parentId', parentId) ?? parentId;
  } catch {
    return parentId;
  }
}

function page(
  runtime: CollectionRuntime,
  context: HandlerContext,
  window: { offset: number; limit: number },
  items: readonly object[],
  total: number,
): CorralResponse {
  const links = pageLinks({ path: context.request.path, params: context.request.query, ...window, total });
  return jsonResponse(200, pageEnvelope(runtime.collection.name, items, { ...window, total, links }));
}

/** GET on a member. */
export async function getRecord(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  requireScope(context.settings.auth, context.principal, runtime.collection.scopes.read);
  const record = await findRecord(runtime.collection, context.params.id ?? '', context.params.parentId);
  return jsonResponse(200, represent(runtime, context.prefix, record));
}
