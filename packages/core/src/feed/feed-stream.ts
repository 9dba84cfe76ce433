import type { StreamingBody, StreamSink } from '../http/exchange.js';
import type { ChangeLog } from '../store/change-log.js';
import type { FeedSettings } from './feed-settings.js';
import type { FeedView } from './feed-view.js';
import { hubOf } from './hub.js';
import { Subscriber } from './subscriber.js';
import { expiredText, heartbeatText, resetText, retryText } from './wire.js';

/** What one open feed needs. */
export interface FeedStreamParts {
  readonly log: ChangeLog;
  readonly view: FeedView;
  /** The position to send changes after. */
  readonly from: string;
  readonly settings: FeedSettings;
  /** The client the stream is counted against (released when it ends). */
  readonly client: string;
  /** When the caller's token expires (milliseconds since 1970); undefined when it does not. */
  readonly expiresAt: number | undefined;
}

// setTimeout takes at most this many milliseconds.
const longestTimer = 2 ** 31 - 1;

/**
 * The body of a feed: a `retry:` hint, then the view's events as the hub hands changes on, a
 * heartbeat comment on every interval, until the client leaves, the record is deleted, the token
 * expires (`event: expired`), the client reads too slowly (cut), or the server stops (a retry hint
 * spread over a few seconds, so that clients do not all come back at once).
 */
export function feedBody(parts: FeedStreamParts): StreamingBody {
  // Opened or dropped, once: either way the client's count is released when it is done.
  let used = false;
  return {
    kind: 'stream',
    open(sink) {
      if (used) return;
      used = true;
      openFeed(parts, sink);
    },
    drop() {
      if (used) return;
      used = true;
      parts.settings.open.release(parts.client);
    },
  };
}

function openFeed(parts: FeedStreamParts, sink: StreamSink): void {
  const { log, view, settings } = parts;
  const hub = hubOf(log);
  let done = false;
  let following = false;
  const send = (text: string): boolean => {
    if (done) return false;
    if (text === '' || sink.write(text)) return true;
    finish(); // the client is not reading: cut rather than buffer without bound
    return false;
  };
  const subscriber = new Subscriber(
    view.collection,
    view.id,
    (a, b) => log.before(a, b),
    (change) => view.concerns(change),
    async (item) => {
      if (!('kind' in item)) return send(resetText(item.position, item.reset));
      const event = await view.eventFor(item);
      if (!event) return !done;
      if (!send(event.text)) return false;
      if (event.last) finish();
      return !event.last;
    },
    () => finish(),
  );
  const heartbeat = setInterval(() => send(heartbeatText), settings.heartbeatInterval);
  heartbeat.unref?.();
  let expiry: ReturnType<typeof setTimeout> | undefined;
  // A token valid for longer than one timer can wait is checked again when that timer fires.
  const watchExpiry = (at: number) => {
    const left = at - Date.now();
    expiry = setTimeout(
      () => (left > longestTimer ? watchExpiry(at) : finish(expiredText)),
      Math.min(left, longestTimer),
    );
    expiry.unref?.();
  };
  if (parts.expiresAt !== undefined) watchExpiry(parts.expiresAt);
  function finish(last?: string): void {
    if (done) return;
    // Ended before the last words: a write that cuts a slow client ends the stream again from inside.
    done = true;
    if (last) sink.write(last);
    clearInterval(heartbeat);
    clearTimeout(expiry);
    subscriber.close();
    if (following) hub.leave(subscriber);
    settings.open.release(parts.client);
    sink.end();
  }
  sink.closed.addEventListener('abort', () => finish(), { once: true });
  sink.stopping.addEventListener('abort', () => finish(retryText(1000 + Math.random() * 4000)), { once: true });
  if (sink.closed.aborted || sink.stopping.aborted) {
    finish();
    return;
  }
  send(retryText(settings.retry));
  following = true;
  hub.follow(subscriber, parts.from).catch(() => finish());
}
