import { failure } from './failures.js';
import type { SseEvent } from './sse.js';

/** A change to a record, as a feed delivers it; `R` is the record as a GET of the feed's URL gives it. */
export interface ChangeEvent<R> {
  /** What happened to the record. */
  readonly type: 'created' | 'updated' | 'deleted';
  /** The collection's name. */
  readonly collection: string;
  /** The record's id. */
  readonly id: string;
  /** The record's version after the change. */
  readonly version: number;
  /** The record's ETag after the change, for a later `If-Match`. */
  readonly etag: string;
  /** When the change was committed (ISO time). */
  readonly at: string;
  /**
   * Whether the record belongs to the list after the change (its filters and search); false when
   * it left the list (or was deleted). Always true for a record feed's created and updated.
   */
  readonly matches: boolean;
  /** The record as the GET gives it, links included; absent for `deleted`. */
  readonly record?: R;
  /** The event's position (its SSE id): `{ after: position }` opens a feed again after it. */
  readonly position: string;
}

/**
 * The server could not resume from the position asked for (too old, or no position): read the
 * list or record again; the feed goes on from `position`, the server's current one.
 */
export interface ResetEvent {
  /** Always `reset`. */
  readonly type: 'reset';
  /** Why, in the server's words. */
  readonly reason: string;
  /** The position the feed goes on from. */
  readonly position: string;
}

/** What a feed yields. */
export type FeedEvent<R> = ChangeEvent<R> | ResetEvent;

const changes = new Set(['created', 'updated', 'deleted']);

function parsed(event: SseEvent, request: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(event.data);
  } catch {
    value = undefined;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw failure('protocol', request, `The feed's ${event.event} event carries no JSON object`, {
    status: 200,
  });
}

/** A change or reset event of the stream as the caller gets it; undefined for events a feed does not know. */
export function feedEventOf<R>(event: SseEvent, request: string): FeedEvent<R> | undefined {
  if (event.event === 'reset') {
    const body = parsed(event, request);
    const reason = typeof body.reason === 'string' ? body.reason : 'the server asked for a fresh read';
    return { type: 'reset', reason, position: event.lastEventId };
  }
  if (!changes.has(event.event)) return undefined; // a later kind of event: not for this client
  const body = parsed(event, request);
  const wrong = (['collection', 'id', 'etag', 'at'] as const).find((key) => typeof body[key] !== 'string');
  const invalid = wrong ?? (typeof body.version !== 'number' ? 'version' : undefined);
  if (invalid !== undefined || typeof body.matches !== 'boolean')
    throw failure('protocol', request, `The feed's ${event.event} event has no valid ${invalid ?? 'matches'}`, {
      status: 200,
    });
  return {
    type: event.event as ChangeEvent<R>['type'],
    collection: body.collection as string,
    id: body.id as string,
    version: body.version as number,
    etag: body.etag as string,
    at: body.at as string,
    matches: body.matches as boolean,
    ...(body.record !== undefined && body.record !== null ? { record: body.record as R } : {}),
    position: event.lastEventId,
  };
}
