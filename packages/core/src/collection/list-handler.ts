import { pageEnvelopeText } from '@corral/pagination';
import { noneMatchHits } from '../http/etag.js';
import { emptyResponse, jsonTextResponse, type CorralResponse } from '../http/exchange.js';
import { conditionHeader } from '../http/input-limits.js';
import type { HandlerContext } from '../vocabulary/context.js';
import { restrictList } from './authorize.js';
import { fieldsToRead, readPage } from './list-page.js';
import { parentFilter } from './list-parent.js';
import { showRecords } from './list-records.js';
import { parseListQuery } from './list-request.js';
import { listVariant, pageEtag, revalidated, taggedByRevision } from './list-tags.js';
import type { CollectionRuntime } from './runtime.js';

/**
 * GET on the collection, or on `/<parent>/<parentId>/<name>`, which lists the same records filtered
 * by parent. Each step is a function of its own: read the query, check the parent, answer a
 * revalidation, apply the caller's restriction, read the page, show its records, wrap them.
 */
export async function listRecords(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  const { request } = context;
  const list = parseListQuery(runtime, request.query, request.path, context.settings.expand.maxDepth);
  const filter = await parentFilter(runtime, context, list.query.filter ?? {});
  const ifNoneMatch = conditionHeader(request, 'if-none-match');
  const variant = listVariant(runtime, context, list);
  // A list's tag is the collection's revision: a revalidation is answered before any listing work.
  const unchanged = await revalidated(runtime, list, ifNoneMatch, variant);
  if (unchanged) return unchanged;
  const read = fieldsToRead(runtime, list);
  const page = await readPage(runtime, context, list, filter && restrictList(collection, context, filter), read);
  const { json, found } = await showRecords(runtime, context, list, page.items, read);
  const body = pageEnvelopeText(collection.name, json, {
    // A cursor page has no offset: it starts at a place.
    offset: list.cursor ? undefined : list.query.offset,
    limit: list.query.limit,
    total: page.total,
    totalEstimated: page.totalEstimated,
    links: page.links,
  });
  const etag = pageEtag(runtime, list, variant, page, found);
  if (!taggedByRevision(runtime, list) && noneMatchHits(ifNoneMatch, etag)) return emptyResponse(304, { etag });
  return jsonTextResponse(200, body, { etag });
}
