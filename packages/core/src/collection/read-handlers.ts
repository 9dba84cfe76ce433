import { pageLinks } from '@corral/pagination';
import type { HandlerContext } from '../vocabulary/context.js';
import { callerVariant, contentVariant, listEtag, memberEtag, noneMatchHits, shortDigest } from '../http/etag.js';
import { conditionHeader } from '../http/input-limits.js';
import { rejectUnknownParameters } from '../http/query-params.js';
import type { ListQuery, StoredRecord } from '../store/store.js';
import { cursorPage, cursorRequest } from './cursor-paging.js';
import { emptyResponse, jsonContentType, jsonTextResponse, type CorralResponse } from '../http/exchange.js';
import { authorizeRecord, restrictList } from './authorize.js';
import { selectedFields, selectionVariant } from './field-selection.js';
import { parseListParams } from './list-params.js';
import { recordParameters } from './list-query.js';
import { representSelected, type Representation } from './represent.js';
import { findExpansions, foundText, withExpansions, type Found } from './expand.js';
import { expansionsOf } from './expand-params.js';
import { findRecord } from './lookup.js';
import type { CollectionRuntime } from './runtime.js';
import { requestOptions } from './unit-of-work.js';

/** GET on the collection, or on `/<parent>/<parentId>/<name>`, which lists the same records filtered by parent. */
export async function listRecords(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  const query = parseListParams(runtime.list, context.request.query);
  const fields = selectedFields(runtime, context.request.query);
  const cursor = cursorRequest(runtime, context.request.query, query, context.request.path);
  const expansions = expansionsOf(runtime, context.request.query, context.settings.expand.maxDepth);
  const parentId = context.params.parentId;
  let filter: Record<string, unknown> | null = { ...query.filter };
  if (parentId !== undefined && collection.parent) {
    await findRecord(collection.parent.collection, parentId, undefined);
    const field = collection.parent.field;
    const fromPath = parentKey(runtime, parentId);
    // A query contradicting its path (or a parent id no key can equal) matches nothing.
    filter =
      fromPath === noKey || (field in filter && filter[field] !== fromPath) ? null : { ...filter, [field]: fromPath };
  }
  // A list's tag is the collection's revision: a revalidation is answered before any listing work,
  // unless other programs write the store's table too (then the tag comes from the page itself).
  const ifNoneMatch = conditionHeader(context.request, 'if-none-match');
  const variant = variantOf(
    collection.listFilter ? callerVariant(context.principal?.subject) : undefined,
    fields && selectionVariant(runtime, fields),
  );
  const taggedByContent = collection.store.revisionScope === 'own-writes';
  // An expanded page shows other collections' records too: its tag comes from what it shows.
  if (ifNoneMatch !== undefined && !taggedByContent && !expansions) {
    const etag = listEtag(await collection.store.revision(), variant);
    if (noneMatchHits(ifNoneMatch, etag)) return emptyResponse(304, { etag });
  }
  if (filter !== null) filter = restrictList(collection, context, filter);
  // Nothing can match: core answers the empty page itself rather than hand a store an impossible filter.
  // A cursor page needs its sort field to make the cursors of its first and last records.
  const read = fields && [
    ...new Set([...fields, ...runtime.linkFields, ...(cursor && query.sort ? [query.sort.field] : [])]),
  ];
  // Paged by cursor, one record more than the page is read: it tells whether more follow.
  const paged: ListQuery = cursor
    ? { ...query, offset: 0, limit: query.limit + 1, ...(cursor.seek ? { seek: cursor.seek } : {}) }
    : query;
  const result =
    filter === null
      ? { items: [], total: 0, revision: await collection.store.revision() }
      : await collection.store.list(
          {
            ...paged,
            filter,
            ...(read ? { fields: read } : {}),
            ...(collection.count === 'exact' ? {} : { count: collection.count }),
          },
          requestOptions(context),
        );
  const { items, links } = cursor
    ? cursorPage(cursor, query, result.items, context.request.path, context.request.query)
    : {
        items: result.items,
        links: pageLinks({
          path: context.request.path,
          params: context.request.query,
          offset: query.offset,
          limit: query.limit,
          total: result.total,
        }),
      };
  // The envelope is written around the records' cached JSON, in the order pageEnvelope gives.
  const json =
    fields && read
      ? (await selectedRepresentations(runtime, context, items, fields, read)).map((representation) =>
          JSON.stringify(representation),
        )
      : items.map((record) => runtime.serialized.json(context.prefix, record));
  const found = expansions && (await findExpansions(context, items, expansions));
  const records = (
    found ? json.map((text, index) => withExpansions(context, runtime, items[index]!, text, found)) : json
  ).join(',');
  const estimated = result.totalEstimated ? ',"totalEstimated":true' : '';
  // A cursor page has no offset: it starts at a place.
  const position = cursor ? '' : `"offset":${query.offset},`;
  const body = `{${position}"limit":${query.limit},"total":${result.total}${estimated},${JSON.stringify(collection.name)}:[${records}],"links":${JSON.stringify(links)}}`;
  // The links belong to the content too: whether a next page exists can change with the same records shown.
  const own = taggedByContent
    ? contentVariant(`${variant ?? ''}${links.map((link) => link.href).join(' ')}`, result.total, items)
    : variant;
  // An expanded page's tag also names every record it embeds, with its version.
  const etag = listEtag(result.revision, found ? expandedVariant(own, context.request.query, found) : own);
  if ((taggedByContent || found) && noneMatchHits(ifNoneMatch, etag)) return emptyResponse(304, { etag });
  return jsonTextResponse(200, body, { etag });
}

/** Two tag variants in one (each is letters, digits, `-` and `_`; a caller's is of fixed length). */
function variantOf(caller: string | undefined, selection: string | undefined): string | undefined {
  return caller === undefined ? selection : `${caller}${selection ?? ''}`;
}

/**
 * A page's records with only the selected fields. Records the store gave in part are read whole
 * again when the collection's links turn out to read a field the selection left out (the field is
 * then read with every later selection).
 */
async function selectedRepresentations(
  runtime: CollectionRuntime,
  context: HandlerContext,
  records: readonly StoredRecord<object>[],
  fields: readonly string[],
  read: readonly string[],
): Promise<Representation[]> {
  const readSet = new Set(read);
  const everything = new Set(runtime.recordFields);
  const shown = records.map((record) => representSelected(runtime, context.prefix, record, fields, readSet));
  const missing = records.filter((_, index) => shown[index] === undefined);
  if (missing.length > 0) {
    const whole = await runtime.collection.store.getMany(
      missing.map((record) => record.id),
      requestOptions(context),
    );
    const byId = new Map(
      whole.flatMap((lookup) => (lookup.status === 'found' ? [[lookup.record.id, lookup.record] as const] : [])),
    );
    records.forEach((record, index) => {
      shown[index] ??= representSelected(runtime, context.prefix, byId.get(record.id) ?? record, fields, everything);
    });
  }
  return shown as Representation[];
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
  const { query } = context.request;
  if (context.request.rawQuery !== '') rejectUnknownParameters(query, recordParameters);
  const fields = selectedFields(runtime, query);
  const expansions = expansionsOf(runtime, query, context.settings.expand.maxDepth);
  const record = await findRecord(runtime.collection, context.params.id ?? '', context.params.parentId);
  // Most collections have no per-record rule: skip the extra async step on the hot path.
  if (runtime.collection.authorize) await authorizeRecord(runtime.collection, context, 'read', record);
  const variant = fields && selectionVariant(runtime, fields);
  // The tag of a record with others embedded names them too.
  const found = expansions && (await findExpansions(context, [record], expansions));
  const etag = memberEtag(record.version, found ? expandedVariant(variant, query, found) : variant);
  if (noneMatchHits(conditionHeader(context.request, 'if-none-match'), etag)) return emptyResponse(304, { etag });
  const json = fields
    ? JSON.stringify(representSelected(runtime, context.prefix, record, fields, new Set(runtime.recordFields)))
    : runtime.serialized.json(context.prefix, record);
  return {
    status: 200,
    headers: { 'content-type': jsonContentType, etag },
    body: found ? withExpansions(context, runtime, record, json, found) : json,
  };
}

/** The tag variant of an answer with expansions: its own variant, what `expand` asked, and everything found. */
function expandedVariant(variant: string | undefined, query: URLSearchParams, found: readonly Found[]): string {
  return `x${shortDigest(`${variant ?? ''}|${query.get('expand') ?? ''}${foundText(found)}`)}`;
}
