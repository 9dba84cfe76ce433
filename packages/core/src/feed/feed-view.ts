import type { CollectionRuntime } from '../collection/runtime.js';
import type { LoggedChange } from '../store/change-log.js';
import type { DataTest } from '../store/match.js';
import type { HandlerContext } from '../vocabulary/context.js';
import { deletedEtag, eventJson, mayRead, shownRecord, type FeedShape } from './feed-record.js';
import { eventText } from './wire.js';

/** What one subscriber sends for a change: the event's text, and whether the feed ends after it. */
export interface FeedEvent {
  readonly text: string;
  readonly last: boolean;
}

/** Decides, for one subscriber, whether a change concerns it and how the event reads. */
export interface FeedView {
  /** The collection followed. */
  readonly collection: string;
  /** The record followed; undefined for a list. */
  readonly id: string | undefined;
  /**
   * A quick test, made as the change is handed on: false when the change cannot concern the
   * subscriber (outside its list before and after), so that it is not even queued.
   */
  concerns(change: LoggedChange): boolean;
  /** The event, or undefined when the subscriber gets nothing for this change. */
  eventFor(change: LoggedChange): Promise<FeedEvent | undefined>;
}

type Data = Readonly<Record<string, unknown>>;

/**
 * A list's feed: a change is sent when the record belongs to the list (`inList`: the URL's filters,
 * search, parent and the caller's list restriction) and the record rule lets the caller read it,
 * before or after the change. `matches` tells which; `record` comes only with a state the caller
 * may see (after the list restriction and the record rule).
 */
export function listView(
  runtime: CollectionRuntime,
  context: HandlerContext,
  shape: FeedShape,
  inList: DataTest | undefined,
  restriction: Data | undefined,
): FeedView {
  const allowed = (id: string, data: Data | undefined): Promise<boolean> | boolean =>
    data !== undefined && withinRestriction(restriction, data) && mayRead(runtime, context, id, data);
  return {
    collection: runtime.collection.name,
    id: undefined,
    concerns: ({ data, previous }) =>
      inList !== undefined && ((data !== undefined && inList(data)) || (previous !== undefined && inList(previous))),
    async eventFor(change) {
      if (!inList) return undefined;
      const { data, previous } = change;
      // The cheap tests first: the record rule runs only for a record in the list before or after.
      const listedAfter = data !== undefined && inList(data);
      const inBefore = previous !== undefined && inList(previous) && (await allowed(change.id, previous));
      const seenAfter = (listedAfter || inBefore) && (await allowed(change.id, data));
      const inAfter = listedAfter && seenAfter;
      if (!inAfter && !inBefore) return undefined;
      if (change.kind === 'deleted' || !seenAfter)
        return {
          text: eventText(change.position, change.kind, eventJson(change, deletedEtag(runtime, shape, change), false)),
          last: false,
        };
      const record = await shownRecord(runtime, context, shape, change);
      return {
        text: eventText(change.position, change.kind, eventJson(change, record.etag, inAfter, record.json)),
        last: false,
      };
    },
  };
}

/**
 * A record's feed: its changes while the record rule lets the caller read it (a delete: when it
 * could read it before); `matches` is false once the record has left the parent of a nested URL.
 * The feed ends after the delete.
 */
export function recordView(
  runtime: CollectionRuntime,
  context: HandlerContext,
  shape: FeedShape,
  id: string,
  inPath: DataTest,
): FeedView {
  return {
    collection: runtime.collection.name,
    id,
    concerns: () => true,
    async eventFor(change) {
      if (change.kind === 'deleted') {
        const seen = change.previous === undefined || (await mayRead(runtime, context, id, change.previous));
        const json = eventJson(change, deletedEtag(runtime, shape, change), false);
        return { text: seen ? eventText(change.position, 'deleted', json) : '', last: true };
      }
      const data = change.data ?? {};
      if (!(await mayRead(runtime, context, id, data))) return undefined;
      const record = await shownRecord(runtime, context, shape, change);
      return {
        text: eventText(change.position, change.kind, eventJson(change, record.etag, inPath(data), record.json)),
        last: false,
      };
    },
  };
}

function withinRestriction(restriction: Data | undefined, data: Data): boolean {
  if (!restriction) return true;
  for (const field in restriction) if (data[field] !== restriction[field]) return false;
  return true;
}
