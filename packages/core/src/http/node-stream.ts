import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamingBody, StreamSink } from './exchange.js';

/** How much a slow client may leave unread before its stream is told to end (bytes). */
export const streamBufferLimit = 1 << 20;

/** Streams open on this process, told when a graceful stop begins (see graceful-stop.ts). */
const openStreams = new Set<AbortController>();

/** Tells every open stream that the server is stopping. */
export function stopStreams(): void {
  for (const stopping of openStreams) stopping.abort();
}

/**
 * Writes a streamed answer: the head at once (no Content-Length: the body's end is the stream's),
 * then whatever the stream writes, until it ends or the client goes away.
 */
export function writeNodeStream(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: StreamingBody,
): void {
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.flushHeaders();
  const closed = new AbortController();
  const stopping = new AbortController();
  openStreams.add(stopping);
  const finish = () => {
    openStreams.delete(stopping);
    closed.abort();
  };
  res.once('close', finish);
  const sink: StreamSink = {
    write(chunk) {
      if (closed.signal.aborted) return false;
      res.write(chunk);
      return res.writableLength <= streamBufferLimit;
    },
    end() {
      if (closed.signal.aborted) return;
      res.end();
      finish();
    },
    closed: closed.signal,
    stopping: stopping.signal,
  };
  body.open(sink);
}
