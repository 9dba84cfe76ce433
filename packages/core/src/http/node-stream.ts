import { CorralError } from '@corral/errors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2Session, Http2Stream } from 'node:http2';
import type { StreamingBody, StreamSink } from './exchange.js';

/** How much a slow client may leave unread before its stream is cut (bytes), unless the server says otherwise. */
export const streamBufferLimit = 1 << 20;

/** One streamed answer being written: what tells it to stop, and the server it came through. */
interface OpenStream {
  readonly stopping: AbortController;
  readonly server: object | undefined;
}

/** Streams open on this process, told when a graceful stop begins (see graceful-stop.ts). */
const openStreams = new Set<OpenStream>();
/** Servers whose graceful stop has begun: a stream that starts now is told at once. */
const stoppingServers = new WeakSet<object>();
/** Buffer limits set by `createApiServer` (its `streamBufferBytes`). */
const bufferLimits = new WeakMap<object, number>();
/** Streamed answers open on each HTTP/2 session, so that its idle timeout leaves them be. */
const streamedOnSession = new WeakMap<Http2Session, number>();

/** The server a request came through (node sets it on the sockets it accepts; HTTP/2 requests reach it too). */
const serverOf = (req: IncomingMessage): object | undefined => (req.socket as { server?: object } | null)?.server;

/** Sets how much a client of `server` may leave unread on a streamed answer before it is cut; returns the server. */
export function setStreamBufferLimit<S extends object>(server: S, bytes: number): S {
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new CorralError(
      'CORRAL_INVALID_SERVER_SETTING',
      `streamBufferBytes must be a whole number of bytes, at least 1; got ${bytes}`,
    );
  bufferLimits.set(server, bytes);
  return server;
}

/**
 * Tells every open stream that the server is stopping; with a server, only the streams it serves
 * (and those it starts from now on).
 */
export function stopStreams(server?: object): void {
  if (server) stoppingServers.add(server);
  for (const open of openStreams) if (!server || open.server === server) open.stopping.abort();
}

/** How many streamed answers are being written on this process (for tests: none may stay behind). */
export function openStreamCount(): number {
  return openStreams.size;
}

/** How many streamed answers an HTTP/2 session has open. */
export function streamedAnswersOn(session: Http2Session): number {
  return streamedOnSession.get(session) ?? 0;
}

/**
 * Whether the answer can no longer reach its client (it went away before the head was written).
 * The request's socket, not the answer's: an answer pipelined behind another on HTTP/1.1 gets its
 * socket only once the one before it is written.
 */
function isGone(req: IncomingMessage, res: ServerResponse, stream: Http2Stream | undefined): boolean {
  if (stream) return stream.destroyed || stream.closed;
  return res.destroyed || !req.socket || req.socket.destroyed;
}

/**
 * Writes a streamed answer: the head at once (no Content-Length: the body's end is the stream's),
 * then whatever the stream writes, until it ends or the client goes away. A client that leaves
 * more than the buffer limit unread is cut off. The stream is always opened (but for HEAD), even
 * when the client already left: then `closed` has fired before `open` is called.
 */
export function writeNodeStream(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: StreamingBody,
): void {
  if (req.method === 'HEAD') {
    res.writeHead(status, headers);
    res.end();
    body.drop?.();
    return;
  }
  const stream = req.httpVersionMajor === 2 ? (req as unknown as Http2ServerRequest).stream : undefined;
  const closed = new AbortController();
  if (isGone(req, res, stream)) {
    closed.abort();
    body.open({ write: () => false, end() {}, closed: closed.signal, stopping: new AbortController().signal });
    return;
  }
  res.writeHead(status, headers);
  res.flushHeaders();
  const server = serverOf(req);
  const limit = (server && bufferLimits.get(server)) ?? streamBufferLimit;
  const open: OpenStream = { stopping: new AbortController(), server };
  openStreams.add(open);
  const session = stream?.session;
  if (session) streamedOnSession.set(session, streamedAnswersOn(session) + 1);
  const finish = () => {
    if (closed.signal.aborted) return;
    openStreams.delete(open);
    if (session) streamedOnSession.set(session, streamedAnswersOn(session) - 1);
    socket?.off('close', finish);
    closed.abort();
  };
  res.once('close', finish);
  // An answer queued behind another on HTTP/1.1 has no socket of its own yet, and Node 22 does not
  // close it when the client leaves: the request's socket closing says so.
  const socket = stream ? undefined : req.socket;
  socket?.once('close', finish);
  const unread = () => (stream ?? res).writableLength;
  const sink: StreamSink = {
    write(chunk) {
      if (closed.signal.aborted) return false;
      res.write(chunk);
      if (unread() <= limit) return true;
      // The client reads slower than the stream writes: cut it rather than buffer without bound.
      res.destroy();
      finish();
      return false;
    },
    end() {
      if (closed.signal.aborted) return;
      res.end();
      finish();
    },
    closed: closed.signal,
    stopping: open.stopping.signal,
  };
  if (server && stoppingServers.has(server)) open.stopping.abort();
  body.open(sink);
}
