import { ApiError, isApiError } from '@corral/errors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2Stream } from 'node:http2';
import { checkDeclaredLength, collectLimited, payloadTooLarge } from './body-limit.js';
import { bodyHeldBack, sendContinue } from './expect-continue.js';
import { writeNodeStream } from './node-stream.js';
import { isStreaming, type CorralRequest, type CorralResponse } from './exchange.js';
import { originForm } from './request-target.js';

const emptyQuery = new URLSearchParams();

/**
 * node keeps only the first of repeated Authorization headers, but a second credential must be
 * seen to be refused: repeats are joined as for other headers. Scanning rawHeaders is cheaper
 * than node's headersDistinct, which copies every header.
 */
function authorizationOf(req: IncomingMessage): string | undefined {
  let joined: string | undefined;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 13 && name.toLowerCase() === 'authorization')
      joined = joined === undefined ? raw[i + 1] : `${joined}, ${raw[i + 1]}`;
  }
  return joined;
}

/**
 * The request target as the client sent it. Express (and connect-style routers) strip the mount
 * path from `req.url` and keep the original in `req.originalUrl`: the API routes on the whole
 * path, so that its `basePath` and the links it builds include the mount path.
 */
export function targetOf(req: IncomingMessage): string {
  return originForm((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/');
}

/** A body some middleware (such as `express.json()`) already read from the stream, as bytes again. */
function alreadyParsedBody(req: IncomingMessage): Uint8Array | undefined {
  const body = (req as IncomingMessage & { body?: unknown }).body;
  if (body === undefined || !req.readableEnded) return undefined;
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string') return Buffer.from(body);
  return Buffer.from(JSON.stringify(body));
}

const noBytes = new Uint8Array(0);

/**
 * The whole body of an HTTP/1.x request when node:http already holds all of it, read at once:
 * an async iterator's promises, listeners and ticks cost more than a small write's own work.
 * Undefined while bytes are still to come (or the stream is flowing, or decodes to text).
 */
function bufferedBody(req: IncomingMessage): Uint8Array | undefined {
  if (req.httpVersionMajor !== 1 || req.readableFlowing === true || req.readableEncoding !== null) return undefined;
  if (!req.complete) {
    // Every byte Content-Length announced is here (the parser never buffers more): only the
    // message's end is still to be parsed.
    const declared = req.headers['content-length'];
    if (declared === undefined || req.headers['transfer-encoding'] !== undefined) return undefined;
    if (req.readableLength < Number(declared)) return undefined;
  }
  // Without a size, read() hands over everything buffered (and, once the stream has ended, its end).
  const bytes = req.read() as Buffer | null;
  // Flowing from here on, the stream ends and is released when the parser reaches the message's end.
  if (!req.complete) req.resume();
  return bytes ?? noBytes;
}

/**
 * A node:http request seen through the pipeline's request shape; methods live on the prototype, so
 * wrapping costs one object. An HTTP/2 request (node:http2's compatibility API) reads the same way.
 */
class NodeRequest implements CorralRequest {
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  private parsedQuery: URLSearchParams | undefined;
  private abort: AbortController | undefined;
  /** The body once read: a hook and then the handler may both ask for it. */
  private body: Promise<Uint8Array> | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse | undefined,
  ) {
    const url = targetOf(req);
    const mark = url.indexOf('?');
    this.method = req.method ?? 'GET';
    this.path = mark === -1 ? url : url.slice(0, mark);
    this.rawQuery = mark === -1 ? '' : url.slice(mark + 1);
  }

  get query(): URLSearchParams {
    return (this.parsedQuery ??= this.rawQuery === '' ? emptyQuery : new URLSearchParams(this.rawQuery));
  }

  /** Built only when a handler asks: most requests never need one. */
  get signal(): AbortSignal | undefined {
    const res = this.res;
    if (!res) return undefined;
    if (!this.abort) {
      const abort = (this.abort = new AbortController());
      // A response closed before it finished means the client is gone.
      res.once('close', () => {
        if (!res.writableFinished) abort.abort(new Error('The client closed the connection'));
      });
    }
    return this.abort.signal;
  }

  get remoteAddress(): string | undefined {
    return this.req.socket.remoteAddress;
  }

  get hasBody(): boolean {
    const req = this.req;
    if (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined) return true;
    // HTTP/2 frames a body without either header: the stream says whether one follows its headers.
    return req.httpVersionMajor === 2 && (req as { stream?: Http2Stream }).stream?.endAfterHeaders === false;
  }

  /** The Authorization header(s) as one value, found once: hooks and the token check all ask. */
  private authorization: string | undefined | null = null;

  header(name: string): string | undefined {
    if (name === 'authorization')
      return this.authorization === null ? (this.authorization = authorizationOf(this.req)) : this.authorization;
    const value = this.req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  async readBody(limit: number): Promise<Uint8Array> {
    const body = await (this.body ??= this.readStream(limit));
    if (body.byteLength > limit) throw payloadTooLarge(limit);
    return body;
  }

  private async readStream(limit: number): Promise<Uint8Array> {
    checkDeclaredLength(this.req.headers['content-length'], limit);
    // A body too large by its declared length is refused above, before the client sends it.
    sendContinue(this.req);
    const parsed = alreadyParsedBody(this.req);
    if (parsed) {
      if (parsed.byteLength > limit) throw payloadTooLarge(limit);
      return parsed;
    }
    // node:http hands the request over once it has parsed the headers, then goes on with the
    // packet that brought them: a microtask later, a body sent with its headers is in the buffer.
    if (this.req.httpVersionMajor === 1 && !this.req.complete) await Promise.resolve();
    const buffered = bufferedBody(this.req);
    if (buffered) {
      if (buffered.byteLength > limit) throw payloadTooLarge(limit);
      return buffered;
    }
    try {
      const body = await collectLimited(this.req, limit, () => this.req.pause());
      // An HTTP/2 request's body also ends when its stream closes early (the connection was cut, the
      // stream reset, or our 408 went out): Node then ends the body as if it were whole. A stream
      // still open is one whose body ended with the peer's END_STREAM.
      if (this.req.httpVersionMajor === 2) {
        const stream = (this.req as unknown as Http2ServerRequest).stream;
        if (stream.closed || stream.destroyed) throw new Error('the stream closed before its body ended');
      }
      return body;
    } catch (error) {
      // A client that hangs up mid-body is its own failure, not the server's.
      if (isApiError(error)) throw error;
      throw new ApiError('malformedJson', 'The request body could not be read to its end');
    }
  }
}

/** Wraps a node:http request without copying headers or allocating Web Request objects. */
export function fromNodeRequest(req: IncomingMessage, res?: ServerResponse): CorralRequest {
  return new NodeRequest(req, res);
}

/** Writes a pipeline answer; HEAD gets the same headers (Content-Length included) and no body. */
export function writeNodeResponse(req: IncomingMessage, res: ServerResponse, response: CorralResponse): void {
  const headers = response.headers;
  // HTTP/2 has no Connection header (RFC 9113, section 8.2.2): a stream ends on its own, not its connection.
  if (req.httpVersionMajor === 2) delete headers.connection;
  else if (bodyHeldBack(req)) headers.connection = 'close';
  const body = response.body;
  if (isStreaming(body)) {
    writeNodeStream(req, res, response.status, headers, body);
    return;
  }
  if (body !== undefined)
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
