import type { CorralResponse, StreamingBody, StreamSink } from '../http/exchange.js';
import type { ApiPlugin } from '../vocabulary/plugin.js';

/** A streamed body a test drives by hand, and what happened to it. */
export interface TestStream extends StreamingBody {
  /** The sink, once an adapter opened the stream. */
  readonly opened: Promise<StreamSink>;
  /** Resolves when the stream's `closed` fires (it ended, or its client left). */
  readonly closed: Promise<void>;
  /** Resolves when the server tells the stream to stop (a graceful stop began). */
  readonly stopping: Promise<void>;
  /** What each write returned, in order. */
  readonly writes: boolean[];
}

/** What {@link testStream} does by itself. */
export interface TestStreamOptions {
  /** Written, then the stream ends, when the server says it is stopping (as a feed sends its retry hint). */
  readonly lastWords?: string;
}

/** A {@link TestStream}; nothing is written until the test writes through the sink. */
export function testStream(options: TestStreamOptions = {}): TestStream {
  let opened!: (sink: StreamSink) => void;
  let closed!: () => void;
  let stopping!: () => void;
  const writes: boolean[] = [];
  const stream: TestStream = {
    kind: 'stream',
    opened: new Promise((resolve) => (opened = resolve)),
    closed: new Promise((resolve) => (closed = resolve)),
    stopping: new Promise((resolve) => (stopping = resolve)),
    writes,
    open(sink) {
      const counted: StreamSink = {
        write: (chunk) => {
          const taken = sink.write(chunk);
          writes.push(taken);
          return taken;
        },
        end: () => sink.end(),
        closed: sink.closed,
        stopping: sink.stopping,
      };
      const onStop = () => {
        stopping();
        if (options.lastWords === undefined) return;
        counted.write(options.lastWords);
        counted.end();
      };
      if (sink.closed.aborted) closed();
      else sink.closed.addEventListener('abort', () => closed(), { once: true });
      opened(counted);
      if (sink.stopping.aborted) onStop();
      else sink.stopping.addEventListener('abort', onStop, { once: true });
    },
  };
  return stream;
}

/**
 * A plugin answering `GET` (and `HEAD`) of `path` (below the version prefix, such as `/v1/stream`)
 * with a streamed `text/event-stream` answer from `next()`, as a feed would, before any route;
 * after `before()` settles, when given (to hold the answer back while a test acts).
 */
export function streamingRoute(path: string, next: () => StreamingBody, before?: () => Promise<void>): ApiPlugin {
  const answer = (): CorralResponse => {
    const headers = { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'last-event-id': '7' };
    return { status: 200, headers, body: next() };
  };
  return {
    name: 'test-stream',
    hooks: {
      onRequest({ request }) {
        if (request.path !== path || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
        return before ? before().then(answer) : answer();
      },
    },
  };
}
