import { ApiError } from '@corral/errors';
import { authorizeRecord, restrictList } from '../collection/authorize.js';
import { findExpansions } from '../collection/expand.js';
import { expansionsOf } from '../collection/expand-params.js';
import { selectedFields } from '../collection/field-selection.js';
import { parentFilter } from '../collection/list-parent.js';
import { recordParameters } from '../collection/list-query.js';
import { parseListQuery } from '../collection/list-request.js';
import { findRecord } from '../collection/lookup.js';
import type { CollectionRuntime } from '../collection/runtime.js';
import type { CorralResponse } from '../http/exchange.js';
import { rejectUnknownParameters } from '../http/query-params.js';
import type { ChangeLog } from '../store/change-log.js';
import { listMatcher } from '../store/match.js';
import type { HandlerContext } from '../vocabulary/context.js';
import { feedBody } from './feed-stream.js';
import { listView, recordView, type FeedView } from './feed-view.js';

/**
 * A GET that asked for `text/event-stream`: the list or record URL is checked as its GET checks it
 * (parameters, parent, record, rules: every refusal comes before the stream), the client's open
 * streams are counted, then the answer is the stream of changes after the request's
 * `Last-Event-ID`, or else after the log's position as of now.
 */
export async function openFeed(
  runtime: CollectionRuntime,
  context: HandlerContext,
  log: ChangeLog,
): Promise<CorralResponse> {
  const view = context.params.id === undefined ? await listFeed(runtime, context) : await recordFeed(runtime, context);
  const headers = { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'x-accel-buffering': 'no' };
  // A HEAD opens no stream (its body is never written), so it is not counted; like every list and
  // record answer it names the position a feed could open from.
  if (context.request.method === 'HEAD')
    return { status: 200, headers: { ...headers, 'last-event-id': await log.position() } };
  const { feeds } = context.settings;
  const client = context.principal?.subject ?? `address ${context.remoteAddress ?? 'unknown'}`;
  if (!feeds.open.take(client)) {
    throw new ApiError(
      'tooManyRequests',
      `This client holds ${feeds.streamsPerClient} open streams, the most allowed; close one before opening another`,
      { headers: { 'retry-after': '5' } },
    );
  }
  const exp = context.principal?.claims.exp;
  // Without Last-Event-ID the feed starts now, not at a position the log learned a moment ago.
  const from = context.request.header('last-event-id')?.trim() || (await log.position({ fresh: true }));
  const body = feedBody({
    log,
    view,
    from,
    settings: feeds,
    client,
    expiresAt: typeof exp === 'number' ? exp * 1000 : undefined,
  });
  return { status: 200, headers, body };
}

/** A list's feed: the list's parameters as its GET reads them (paging and sort are checked, then ignored). */
async function listFeed(runtime: CollectionRuntime, context: HandlerContext): Promise<FeedView> {
  const { request } = context;
  const list = parseListQuery(runtime, request.query, request.path, context.settings.expand.maxDepth);
  const filter = await parentFilter(runtime, context, list.query.filter ?? {});
  // The related collections' scopes, checked now rather than on the first event.
  if (list.expand) await findExpansions(context, [], list.expand);
  const restriction = runtime.collection.listFilter?.(context.principal, context);
  const restricted = filter && restrictList(runtime.collection, context, filter, restriction);
  const { conditions, search } = list.query;
  const inList = restricted ? listMatcher({ filter: restricted, conditions, search }) : undefined;
  const shape = { fields: list.fields, expand: list.expand, query: request.query };
  return listView(runtime, context, shape, inList, restriction);
}

/** A record's feed: the record must be there and readable, as for its GET. */
async function recordFeed(runtime: CollectionRuntime, context: HandlerContext): Promise<FeedView> {
  const { query } = context.request;
  const { collection } = runtime;
  if (context.request.rawQuery !== '') rejectUnknownParameters(query, recordParameters);
  const fields = selectedFields(runtime, query);
  const expand = expansionsOf(runtime, query, context.settings.expand.maxDepth);
  const parentId = context.params.parentId;
  const record = await findRecord(collection, context.params.id ?? '', parentId);
  if (collection.authorize) await authorizeRecord(collection, context, 'read', record);
  if (expand) await findExpansions(context, [], expand);
  const field = collection.parent?.field;
  const inPath =
    parentId === undefined || field === undefined
      ? () => true
      : (data: object) => String((data as Record<string, unknown>)[field]) === parentId;
  return recordView(runtime, context, { fields, expand, query }, record.id, inPath);
}
