import { randomUUID } from 'node:crypto';
import { ConflictError, CorralClientError } from './errors.js';
import { errorDetails } from './error-body.js';
import type { EtagCache } from './etag-cache.js';
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

/** The plumbing every collection shares: sending, remembering tags, and the conflict rule. */
export class Resources {
  /** Sends with the client's authentication and retries. */
  readonly send: Send;
  /** The remembered tags and bodies. */
  readonly etags: EtagCache;
  /** Whether POSTs get an `Idempotency-Key`. */
  readonly idempotencyKeys: boolean;

  /** Built by `createClient`. */
  constructor(send: Send, etags: EtagCache, idempotencyKeys: boolean) {
    this.send = send;
    this.etags = etags;
    this.idempotencyKeys = idempotencyKeys;
  }

  /** GETs a URL, revalidating a remembered answer with `If-None-Match` (a 304 gives the remembered body). */
  async read(url: string, signal?: AbortSignal): Promise<unknown> {
    const remembered = this.etags.get(url);
    const headers: Record<string, string> = remembered ? { 'if-none-match': remembered.etag } : {};
    const answer = await this.send({ method: 'GET', url, headers, signal });
    if (answer.status === 304 && remembered) return remembered.body;
    expectSuccess(answer, { method: 'GET', url });
    addFollow(this, answer.body, url);
    this.etags.set(url, answer.headers.etag, answer.body);
    return answer.body;
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
    addFollow(this, answer.body, url);
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
    addFollow(this, expectSuccess(answer, { method: 'POST', url }).body, url);
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
