import type { StreamingBody, StreamSink } from './exchange.js';

const utf8 = new TextEncoder();

/** How many bytes a slow reader may leave unread before the stream is cut. */
const bufferLimit = 1 << 20;

/** A streamed answer as a Web ReadableStream, for the fetch adapter (any runtime). */
export function fetchStream(body: StreamingBody): ReadableStream<Uint8Array> {
  const closed = new AbortController();
  const stopping = new AbortController();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const sink: StreamSink = {
          write(chunk) {
            if (closed.signal.aborted) return false;
            controller.enqueue(utf8.encode(chunk));
            if ((controller.desiredSize ?? 0) >= 0) return true;
            // The reader is more than the buffer behind: cut it rather than queue without bound.
            closed.abort();
            controller.error(new Error('The client did not read the stream fast enough'));
            return false;
          },
          end() {
            if (closed.signal.aborted) return;
            closed.abort();
            controller.close();
          },
          closed: closed.signal,
          stopping: stopping.signal,
        };
        body.open(sink);
      },
      cancel() {
        closed.abort();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: bufferLimit }),
  );
}
