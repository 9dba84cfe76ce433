import { findExpansions, withExpansions } from '../collection/expand.js';
import type { Expansion } from '../collection/expand-params.js';
import { selectionVariant } from '../collection/field-selection.js';
import { expandedVariant } from '../collection/list-tags.js';
import { representSelected } from '../collection/represent.js';
import type { CollectionRuntime } from '../collection/runtime.js';
import { memberEtag } from '../http/etag.js';
import type { LoggedChange } from '../store/change-log.js';
import type { HandlerContext } from '../vocabulary/context.js';

/** How the feed URL shapes each record, as it shapes the GET: `fields`, `expand`. */
export interface FeedShape {
  readonly fields: readonly string[] | undefined;
  readonly expand: readonly Expansion[] | undefined;
  /** The URL's query, which an expanded record's tag names. */
  readonly query: URLSearchParams;
}

/** Whether the collection's record rule lets the caller read the record (data as the log gives it). */
export async function mayRead(
  runtime: CollectionRuntime,
  context: HandlerContext,
  id: string,
  data: Readonly<Record<string, unknown>>,
): Promise<boolean> {
  const rule = runtime.collection.authorize;
  if (!rule) return true;
  return (
    (await rule({
      principal: context.principal,
      action: 'read',
      record: { ...data, id },
      next: undefined,
      state: context.state,
    })) === true
  );
}

/** The record as the GET shows it (JSON text) and the tag the GET would give it. */
export async function shownRecord(
  runtime: CollectionRuntime,
  context: HandlerContext,
  shape: FeedShape,
  change: LoggedChange,
): Promise<{ readonly json: string; readonly etag: string }> {
  const record = { id: change.id, version: change.version, data: change.data ?? {} };
  const { fields, expand } = shape;
  const variant = fields && selectionVariant(runtime, fields);
  const found = expand && (await findExpansions(context, [record], expand));
  const etag = memberEtag(record.version, found ? expandedVariant(variant, shape.query, found) : variant);
  const json = fields
    ? JSON.stringify(representSelected(runtime, context.prefix, record, fields, new Set(runtime.recordFields)))
    : runtime.serialized.json(context.prefix, record);
  return { json: found ? withExpansions(context, runtime, record, json, found) : json, etag };
}

/** A deleted record's tag: the version it had, under the URL's field selection. */
export function deletedEtag(runtime: CollectionRuntime, shape: FeedShape, change: LoggedChange): string {
  return memberEtag(change.version, shape.fields && selectionVariant(runtime, shape.fields));
}

/** The event's JSON, on one line. */
export function eventJson(change: LoggedChange, etag: string, matches: boolean, record?: string): string {
  const head = `{"type":"${change.kind}","collection":${JSON.stringify(change.collection)},"id":${JSON.stringify(change.id)}`;
  const tail = `"version":${change.version},"etag":${JSON.stringify(etag)},"at":"${change.at.toISOString()}","matches":${matches}`;
  return `${head},${tail}${record === undefined ? '' : `,"record":${record}`}}`;
}
