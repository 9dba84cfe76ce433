import { request, type Dispatcher } from 'undici';
import type { Destinations } from './destinations.js';
import { CorralClientError } from './errors.js';
import { errorCodeOf, errorDetails } from './error-body.js';
import { aborted, noAnswer } from './failures.js';
import { asksForRetry, carriesKey, isIdempotent, retryAfterMs, retryDelay, type RetryPolicy } from './retry.js';
import type { TokenSource } from './tokens.js';
import { abortable, pause } from './waits.js';

/** One request as the client sends it. */
export interface Outgoing {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  /** Extra request headers (lower-case names). */
  readonly headers?: Readonly<Record<string, string>>;
  /** A value sent as JSON. */
  readonly body?: unknown;
  /** Cancels the request and any wait before a retry. */
  readonly signal?: AbortSignal;
}

/** An answer, whatever its status. */
export interface Answer {
  /** HTTP status. */
  readonly status: number;
  /** Response headers, lower-case names, repeated ones joined with `, `. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The parsed JSON body; undefined when there was none. */
  readonly body: unknown;
}

/** Sends requests with authentication and the retry rules; answers every status. */
export type Send = (outgoing: Outgoing) => Promise<Answer>;

function flatHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  );
}

async function once(outgoing: Outgoing, dispatcher: Dispatcher, token: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...outgoing.headers };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const hasBody = outgoing.body !== undefined;
  if (hasBody) headers['content-type'] ??= 'application/json';
  const answer = await request(outgoing.url, {
    method: outgoing.method as Dispatcher.HttpMethod,
    headers,
    dispatcher,
    signal: outgoing.signal,
    body: hasBody ? JSON.stringify(outgoing.body) : undefined,
  });
  const text = await answer.body.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text; // not JSON (a proxy's page): kept as text for the error message
  }
  return { status: answer.statusCode, headers: flatHeaders(answer.headers), body };
}

/** A 401 that names the token as the problem (expired, revoked), as opposed to a missing one. */
function tokenRefused(answer: Answer): boolean {
  return answer.status === 401 && /invalid_token/.test(answer.headers['www-authenticate'] ?? '');
}

/**
 * The client's one way out: only to the allowed {@link Destinations}, with a bearer token from the
 * source, a single retry with a new token after a 401 for the old one, and retries (bounded,
 * honouring `Retry-After`) after 429 and 503 for any request, after connection errors and a 503
 * without `Retry-After` only for idempotent ones, after a 409 "request with this key in progress"
 * only for a request carrying that key. Whatever stops it is a `CorralClientError`; an abort is always kind `aborted`.
 */
export function createSend(
  dispatcher: Dispatcher,
  tokens: TokenSource | undefined,
  policy: RetryPolicy,
  destinations: Destinations,
): Send {
  return async function send(outgoing) {
    const request = `${outgoing.method} ${outgoing.url}`;
    const { signal } = outgoing;
    const headers = outgoing.headers ?? {};
    if (signal?.aborted) throw aborted(request, signal);
    destinations.check(outgoing.method, outgoing.url);
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const token = tokens && (await abortable(() => tokens.token(), signal, request));
      let answer: Answer;
      try {
        answer = await once(outgoing, dispatcher, token);
      } catch (error) {
        if (signal?.aborted) throw aborted(request, signal);
        const delay = isIdempotent(outgoing.method, headers) ? retryDelay(attempt, policy, undefined) : undefined;
        if (delay === undefined) throw noAnswer(request, error);
        await pause(delay, signal, request);
        continue;
      }
      destinations.learn(outgoing.url, answer.status, answer.body, answer.headers.location);
      if (token !== undefined && tokenRefused(answer) && !renewed) {
        tokens?.refused(token);
        renewed = true;
        attempt--; // a renewal is not a retry
        continue;
      }
      const retryAfter = answer.headers['retry-after'];
      const asked = asksForRetry(answer.status, retryAfter, {
        safeToRepeat: isIdempotent(outgoing.method, headers),
        keyed: carriesKey(headers),
        errorCode: answer.status === 409 ? errorCodeOf(answer.body) : undefined,
      });
      if (!asked) return answer;
      const delay = retryDelay(attempt, policy, retryAfterMs(retryAfter));
      if (delay === undefined) return answer;
      await pause(delay, signal, request);
    }
  };
}

/** Throws the answer as a {@link CorralClientError} unless its status is below 400. */
export function expectSuccess(answer: Answer, outgoing: Pick<Outgoing, 'method' | 'url'>): Answer {
  if (answer.status < 400) return answer;
  throw new CorralClientError(
    errorDetails(answer.status, answer.body, answer.headers['x-request-id'], `${outgoing.method} ${outgoing.url}`),
  );
}
