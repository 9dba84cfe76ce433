import type { CollectionRuntime } from '../collection/runtime.js';
import type { CorralResponse } from '../http/exchange.js';
import type { ChangeLog } from '../store/change-log.js';
import type { HandlerContext } from '../vocabulary/context.js';
import { openFeed } from './feed-handler.js';
import { wantsStream } from './wants-stream.js';

type CollectionHandler = (runtime: CollectionRuntime, context: HandlerContext) => Promise<CorralResponse>;

/** The media type of feeds. */
export const feedMediaType = 'text/event-stream';

/**
 * A list's or record's GET on a collection whose database keeps a change log: the log's position is
 * taken before anything is read and answered in `Last-Event-ID` (a feed opened from it misses
 * nothing written after the read); with `Accept: text/event-stream`, the answer is the feed.
 */
export function readingFrom(log: ChangeLog, handler: CollectionHandler): CollectionHandler {
  const read = (runtime: CollectionRuntime, context: HandlerContext, position: string) =>
    handler(runtime, context).then((response) => {
      response.headers['last-event-id'] = position;
      return response;
    });
  // A log that knows its position at once (memory) costs no extra step on the read path.
  return (runtime, context) => {
    if (wantsStream(context.request.header('accept'))) return openFeed(runtime, context, log);
    const at = log.position();
    return typeof at === 'string'
      ? read(runtime, context, at)
      : at.then((position) => read(runtime, context, position));
  };
}

/** A write on such a collection: its answer names a position at or after its own change. */
export function writingTo(log: ChangeLog, handler: CollectionHandler): CollectionHandler {
  return async (runtime, context) => {
    const response = await handler(runtime, context);
    // A job accepted (202) has changed nothing yet: its position would promise what it cannot.
    if (response.status === 202) return response;
    try {
      const at = log.position();
      response.headers['last-event-id'] = typeof at === 'string' ? at : await at;
    } catch {
      // The write is committed: an error now would make the client write again. No position then.
    }
    return response;
  };
}
