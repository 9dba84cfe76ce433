import type { AdminModel } from '../model-types.js';
import { authHeaders } from './http.js';

/** One change as the feed sends it. */
export interface Change {
  readonly type: 'created' | 'updated' | 'deleted' | 'reset';
  readonly id?: string;
  readonly version?: number;
  readonly matches?: boolean;
  readonly etag?: string;
  readonly record?: Record<string, unknown>;
}

type Listener = (change: Change) => void;

/**
 * The tab's one feed connection: a view opens the feed of its URL, which closes the one before.
 * Browsers allow about six connections to an origin over HTTP/1.1; one feed leaves the rest for requests.
 */
let current: { url: string; listeners: Set<Listener>; stop: AbortController } | undefined;

/**
 * Follows the feed of an API URL from `since` (the `Last-Event-ID` of the read the view shows, so
 * that no change between that read and the feed's start is missed); the returned function stops
 * listening (the last listener closes the connection).
 */
export function follow(
  model: AdminModel,
  url: string,
  since: string | null | undefined,
  listener: Listener,
): () => void {
  if (current?.url !== url) {
    current?.stop.abort();
    current = { url, listeners: new Set(), stop: new AbortController() };
    void run(model, current, since ?? undefined);
  }
  const mine = current;
  mine.listeners.add(listener);
  return () => {
    mine.listeners.delete(listener);
    if (mine.listeners.size === 0 && current === mine) {
      mine.stop.abort();
      current = undefined;
    }
  };
}

async function run(model: AdminModel, feed: NonNullable<typeof current>, since: string | undefined): Promise<void> {
  let lastId = since;
  while (!feed.stop.signal.aborted) {
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream', ...(await authHeaders(model)) };
      if (lastId) headers['last-event-id'] = lastId;
      const answer = await fetch(feed.url, { headers, signal: feed.stop.signal });
      if (!answer.ok || !answer.body) return; // no feed here (no change log, no access): the view still works
      const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').filter((line) => line.startsWith('data:'));
          const id = block.split('\n').find((line) => line.startsWith('id:'));
          if (id) lastId = id.slice(3).trim();
          if (data.length > 0) {
            const change = JSON.parse(data.map((line) => line.slice(5).trim()).join('\n')) as Change;
            for (const listener of feed.listeners) listener(change);
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      if (feed.stop.signal.aborted) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}
