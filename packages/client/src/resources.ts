import { randomUUID } from 'node:crypto';
import { ConflictError, CorralClientError } from './errors.js';
import { errorDetails } from './error-body.js';
import type { EtagCache } from './etag-cache.js';
import type { FeedTransport } from './feed-connection.js';
import { addFollow } from './record-follow.js';
import { carriesKey } from './retry.js';
import { expectSuccess, type Answer, type Send } from './transport.js';

/** Options of a write to a record. */
export interface WriteOptions {
  /**
   * The `If-Match` to send: by default the tag remembered from the last read or write of that URL
   * (none when the client never saw one); `false` sends none, a string sends that tag (`*` for any).
   */
  readonly ifMatch?: string | false;
  /** Cancels the request. */
  readonly signal?: AbortSignal;
}

/** A document read, and the feed position its answer carried. */
export interface Read {
  /** The parsed body (the remembered one after a 304). */
  readonly body: unknown;
  /** The answer's `Last-Event-ID` header: a feed opened from it misses no change after this read. */
  readonly position: string | undefined;
}

/** The position an answer carries (`Last-Event-ID`), when the server serves feeds. */
export function positionOf(answer: Answer): string | undefined {
  return answer.headers['last-event-id'] || undefined;
}

/** The plumbing every collection shares: sending, remembering tags, and the conflict rule. */
export class Resources {
  /** Sends with the client's authentication and retries. */
  readonly send: Send;
  /** The remembered tags and bodies. */
  readonly etags: EtagCache;
  /** Whether POSTs get an `Idempotency-Key`. */
  readonly idempotencyKeys: boolean;
  /** How feeds connect; without it `watch()` fails with a `usage` error. */
  readonly feeds: FeedTransport | undefined;

  /** Built by `createClient`. */
  constructor(send: Send, etags: EtagCache, idempotencyKeys: boolean, feeds?: FeedTransport) {
    this.send = send;
    this.etags = etags;
    this.idempotencyKeys = idempotencyKeys;
    this.feeds = feeds;
  }

  /** GETs a URL, revalidating a remembered answer with `If-None-Match` (a 304 gives the remembered body). */
  async read(url: string, signal?: AbortSignal): Promise<unknown> {
    return (await this.readWithPosition(url, signal)).body;
  }

  /** {@link read}, with the position the answer carried (200 and 304 alike). */
  async readWithPosition(url: string, signal?: AbortSignal): Promise<Read> {
    const remembered = this.etags.get(url);
    const headers: Record<string, string> = remembered ? { 'if-none-match': remembered.etag } : {};
    const answer = await this.send({ method: 'GET', url, headers, signal });
    const position = positionOf(answer);
    if (answer.status === 304 && remembered) {
      addFollow(this, remembered.body, url, position); // its records now watch from the newer position
      return { body: remembered.body, position };
    }
    expectSuccess(answer, { method: 'GET', url });
    addFollow(this, answer.body, url, position);
    this.etags.set(url, answer.headers.etag, answer.body);
    return { body: answer.body, position };
  }

  /**
   * PUT, PATCH or DELETE of a record, with `If-Match`; a 412 becomes a {@link ConflictError}
   * carrying the record re-read.
   */
  async write(
    method: 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body: unknown,
    options: WriteOptions = {},
  ): Promise<Answer> {
    const tag = options.ifMatch === undefined ? this.etags.get(url)?.etag : options.ifMatch || undefined;
    const headers: Record<string, string> = tag ? { 'if-match': tag } : {};
    if (method === 'PATCH') headers['content-type'] = 'application/merge-patch+json';
    const answer = await this.send({ method, url, headers, body, signal: options.signal });
    if (answer.status === 412) throw await this.conflict(answer, method, url);
    expectSuccess(answer, { method, url });
    addFollow(this, answer.body, url, positionOf(answer));
    if (method === 'DELETE') this.etags.forget(url);
    else this.etags.set(url, answer.headers.etag, answer.body);
    return answer;
  }

  /** POSTs a body, with an `Idempotency-Key` when the client adds them (so a lost answer can be asked for again). */
  async post(url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Answer> {
    const keyed = this.idempotencyKeys && !carriesKey(headers);
    const answer = await this.send({
      method: 'POST',
      url,
      body,
      headers: keyed ? { ...headers, 'idempotency-key': randomUUID() } : headers,
      signal,
    });
    addFollow(this, expectSuccess(answer, { method: 'POST', url }).body, url, positionOf(answer));
    return answer;
  }

  /** The 412 as an error, with the record as it is now (undefined when it is gone). */
  private async conflict(answer: Answer, method: string, url: string): Promise<ConflictError> {
    const details = errorDetails(answer.status, answer.body, answer.headers['x-request-id'], `${method} ${url}`);
    this.etags.forget(url);
    try {
      return new ConflictError(details, await this.read(url));
    } catch (error) {
      if (error instanceof CorralClientError && (error.status === 404 || error.status === 410))
        return new ConflictError(details, undefined);
      throw error;
    }
  }
}
