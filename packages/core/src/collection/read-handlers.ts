import type { HandlerContext } from '../vocabulary/context.js';
import { memberEtag, noneMatchHits } from '../http/etag.js';
import { conditionHeader } from '../http/input-limits.js';
import { rejectUnknownParameters } from '../http/query-params.js';
import { emptyResponse, jsonContentType, type CorralResponse } from '../http/exchange.js';
import { authorizeRecord } from './authorize.js';
import { selectedFields, selectionVariant } from './field-selection.js';
import { recordParameters } from './list-query.js';
import { representSelected } from './represent.js';
import { findExpansions, withExpansions } from './expand.js';
import { expansionsOf } from './expand-params.js';
import { expandedVariant } from './list-tags.js';
import { findRecord } from './lookup.js';
import type { CollectionRuntime } from './runtime.js';

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
