import { request, type Dispatcher } from 'undici';
import type { Destinations } from './destinations.js';
import { CorralClientError } from './errors.js';
import { errorDetails } from './error-body.js';
import { aborted, failure, noAnswer } from './failures.js';
import { retryAfterMs, type RetryPolicy } from './retry.js';
import type { TokenSource } from './tokens.js';
import { abortable } from './waits.js';

/** What feeds need of the client: where and how to connect, and a signal that ends them all. */
export interface FeedTransport {
  /** The pool feeds connect through (not the one of plain requests: a feed holds its connection). */
  dispatcher(): Dispatcher;
  /** The client's bearer tokens. */
  readonly tokens: TokenSource | undefined;
  /** @hidden Where the client may send. */
  readonly destinations: Destinations;
  /** @hidden The client's retry settings: the first wait before a reconnection and the longest. */
  readonly policy: RetryPolicy;
  /** Aborted when the client closes: its feeds end. */
  readonly closed: AbortSignal;
}

/** How one attempt to open a feed went. */
export type Opening =
  | { readonly kind: 'open'; readonly body: Dispatcher.ResponseData['body']; readonly token: string | undefined }
  /** No answer, or a 429, 502, 503 or 504: try again later (after `retryAfterMs` when the server said). */
  | { readonly kind: 'later'; readonly retryAfterMs: number | undefined; readonly error: CorralClientError }
  /** A 401 refusing this token (expired, revoked). */
  | { readonly kind: 'refused'; readonly token: string; readonly error: CorralClientError }
  /** A 204: the server says there is nothing more to follow here. */
  | { readonly kind: 'over' };

const passing = new Set([429, 502, 503, 504]);

/**
 * One GET of a feed's URL with `Accept: text/event-stream`, the bearer token in the `Authorization`
 * header and the last position seen in `Last-Event-ID`. A status the client cannot get past (400,
 * 403, 404, a 200 that is no event stream) throws; what may pass is returned for the caller to
 * wait and try again. `idleMs` cuts a connection that stays silent longer (heartbeats included).
 */
export async function openFeed(
  transport: FeedTransport,
  url: string,
  lastEventId: string | undefined,
  signal: AbortSignal,
  idleMs: number,
): Promise<Opening> {
  const described = `GET ${url}`;
  transport.destinations.check('GET', url);
  const tokens = transport.tokens;
  const token = tokens && (await abortable(() => tokens.token(), signal, described));
  const headers: Record<string, string> = { accept: 'text/event-stream', 'cache-control': 'no-cache' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined && lastEventId !== '') headers['last-event-id'] = lastEventId;
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(url, {
      method: 'GET',
      headers,
      dispatcher: transport.dispatcher(),
      signal,
      bodyTimeout: idleMs,
    });
  } catch (error) {
    if (signal.aborted) throw aborted(described, signal);
    return { kind: 'later', retryAfterMs: undefined, error: noAnswer(described, error) };
  }
  const type = String(answer.headers['content-type'] ?? '');
  if (answer.statusCode === 200 && /^text\/event-stream\b/i.test(type))
    return { kind: 'open', body: answer.body, token };
  const text = await answer.body.text().catch(() => '');
  const header = (name: string) => {
    const value = answer.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  if (answer.statusCode === 204) return { kind: 'over' };
  if (answer.statusCode === 200)
    throw failure(
      'protocol',
      described,
      `${described} answered ${type || 'no content type'}, not text/event-stream: does the server serve feeds?`,
      { status: 200 },
    );
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: kept as text for the message
  }
  const error = new CorralClientError(errorDetails(answer.statusCode, body, header('x-request-id'), described));
  if (token !== undefined && answer.statusCode === 401 && /invalid_token/.test(header('www-authenticate') ?? ''))
    return { kind: 'refused', token, error };
  if (!passing.has(answer.statusCode)) throw error;
  return { kind: 'later', retryAfterMs: retryAfterMs(header('retry-after')), error };
}
