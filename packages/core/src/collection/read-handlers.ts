import { pageLinks } from '@corral/pagination';
import type { HandlerContext } from '../api/context.js';
import { callerVariant, contentVariant, listEtag, memberEtag, noneMatchHits } from '../http/etag.js';
import { conditionHeader } from '../http/input-limits.js';
import { emptyResponse, jsonContentType, jsonTextResponse, type CorralResponse } from '../http/exchange.js';
import { authorizeRecord, restrictList } from './authorize.js';
import { parseListParams } from './list-params.js';
import { findRecord } from './lookup.js';
import type { CollectionRuntime } from './runtime.js';
import { requestOptions } from './unit-of-work.js';

/** GET on the collection, or on `/<parent>/<parentId>/<name>`, which lists the same records filtered by parent. */
export async function listRecords(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  const query = parseListParams(runtime.list, context.request.query);
  const parentId = context.params.parentId;
  let filter: Record<string, unknown> | null = { ...query.filter };
  if (parentId !== undefined && collection.parent) {
    await findRecord(collection.parent.collection, parentId, undefined);
    const field = collection.parent.field;
    const fromPath = parentKey(runtime, parentId);
    // A query contradicting its path (or a parent id no key can equal) matches nothing.
    filter = fromPath === noKey || (field in filter && filter[field] !== fromPath) ? null : { ...filter, [field]: fromPath };
  }
  // A list's tag is the collection's revision: a revalidation is answered before any listing work,
  // unless other programs write the store's table too (then the tag comes from the page itself).
  const ifNoneMatch = conditionHeader(context.request, 'if-none-match');
  const variant = collection.listFilter ? callerVariant(context.principal?.subject) : undefined;
  const taggedByContent = collection.store.revisionScope === 'own-writes';
  if (ifNoneMatch !== undefined && !taggedByContent) {
    const etag = listEtag(await collection.store.revision(), variant);
    if (noneMatchHits(ifNoneMatch, etag)) return emptyResponse(304, { etag });
  }
  if (filter !== null) filter = restrictList(collection, context, filter);
  // Nothing can match: core answers the empty page itself rather than hand a store an impossible filter.
  const result = filter === null ? { items: [], total: 0, revision: await collection.store.revision() } : await collection.store.list({ ...query, filter, ...(collection.count === 'exact' ? {} : { count: collection.count }) }, requestOptions(context));
  const links = pageLinks({ path: context.request.path, params: context.request.query, offset: query.offset, limit: query.limit, total: result.total });
  // The envelope is written around the records' cached JSON, in the order pageEnvelope gives.
  const records = result.items.map((record) => runtime.serialized.json(context.prefix, record)).join(',');
  const estimated = result.totalEstimated ? ',"totalEstimated":true' : '';
  const body = `{"offset":${query.offset},"limit":${query.limit},"total":${result.total}${estimated},${JSON.stringify(collection.name)}:[${records}],"links":${JSON.stringify(links)}}`;
  const etag = listEtag(result.revision, taggedByContent ? contentVariant(variant, result.total, result.items) : variant);
  if (taggedByContent && noneMatchHits(ifNoneMatch, etag)) return emptyResponse(304, { etag });
  return jsonTextResponse(200, body, { etag });
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

/** GET on a member, answering 304 when the client's copy is current. */
export async function getRecord(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const record = await findRecord(runtime.collection, context.params.id ?? '', context.params.parentId);
  // Most collections have no per-record rule: skip the extra async step on the hot path.
  if (runtime.collection.authorize) await authorizeRecord(runtime.collection, context, 'read', record);
  const etag = memberEtag(record.version);
  if (noneMatchHits(conditionHeader(context.request, 'if-none-match'), etag)) return emptyResponse(304, { etag });
  return { status: 200, headers: { 'content-type': jsonContentType, etag }, body: runtime.serialized.json(context.prefix, record) };
}
