/**
 * The one request shape every adapter produces, so that node:http and fetch share a single
 * pipeline. Built lazily where it costs: the query is parsed only when the path has one.
 */
export interface CorralRequest {
  /** Upper-case method, e.g. `GET`. */
  readonly method: string;
  /** Raw (still percent-encoded) path, without the query string. */
  readonly path: string;
  /** Raw query string without the leading `?` ('' when absent). */
  readonly rawQuery: string;
  /** Parsed query parameters; adapters may build them lazily, on first access. */
  readonly query: URLSearchParams;
  /** Header lookup by lower-case name; repeated headers are joined with ', '. */
  header(name: string): string | undefined;
  /** Reads the whole body, refusing more than `limit` bytes with a 413. Empty body -> empty array. */
  readBody(limit: number): Promise<Uint8Array>;
  /** True when the request announces a body (content-length > 0 or chunked). */
  readonly hasBody: boolean;
  /** Fires when the client goes away before its answer is written; made on first use. */
  readonly signal?: AbortSignal;
  /** Address of the connection's peer (a proxy's, behind one), when the adapter knows it. */
  readonly remoteAddress?: string;
}

/** What the pipeline answers; adapters write it out. `body` is serialized JSON, or the bytes of a page or asset. */
export interface CorralResponse {
  /** HTTP status code. */
  status: number;
  /** Response headers; Corral itself writes lower-case names. */
  headers: Record<string, string>;
  /** Absent for answers without a body, such as 204 or HEAD. */
  body?: string | Uint8Array | StreamingBody;
}

/**
 * A body written over time, such as a feed (`text/event-stream`): the adapter writes the head,
 * then opens the stream with a sink that writes to the client as chunks come.
 */
export interface StreamingBody {
  /** Tells it apart from a body written at once. */
  readonly kind: 'stream';
  /**
   * Starts writing; called once, after the head went out (never for HEAD, 204 or 304). The sink's
   * `closed` may have fired already (the client left before the head), and `stopping` too (the
   * server began to stop): check both here, as a listener added later is not called.
   */
  open(sink: StreamSink): void;
  /**
   * Called instead of {@link open} when the answer goes out without this body (HEAD, 204, 304, or
   * a hook put another answer in its place): lets go of what the stream holds (a client's count).
   */
  drop?(): void;
}

/** Where a {@link StreamingBody} writes. */
export interface StreamSink {
  /**
   * Sends a chunk. False when the client has not read what was sent before and more than the
   * adapter's buffer is waiting: the stream should end rather than grow without bound.
   */
  write(chunk: string): boolean;
  /** Ends the answer (once; later calls do nothing). */
  end(): void;
  /** Fires when the answer ended: the client went away, or {@link end} was called. */
  readonly closed: AbortSignal;
  /** Fires when the server begins a graceful stop: end soon, telling the client to come back. */
  readonly stopping: AbortSignal;
}

/** Whether a body is written over time rather than at once. */
export function isStreaming(body: CorralResponse['body']): body is StreamingBody {
  return typeof body === 'object' && body !== null && !(body instanceof Uint8Array);
}

export const jsonContentType = 'application/json; charset=utf-8';

/** A JSON answer with the given status and any extra headers. */
export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): CorralResponse {
  return { status, headers: { 'content-type': jsonContentType, ...headers }, body: JSON.stringify(value) };
}

/** A JSON answer whose body is already serialized. */
export function jsonTextResponse(status: number, text: string, headers: Record<string, string> = {}): CorralResponse {
  return { status, headers: { 'content-type': jsonContentType, ...headers }, body: text };
}

export function emptyResponse(status: number, headers: Record<string, string> = {}): CorralResponse {
  return { status, headers };
}
