import { setTimeout as sleep } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import { CorralClientError } from './errors.js';
import { errorDetails } from './error-body.js';
import { isIdempotent, isRetryableStatus, retryAfterMs, retryDelay, type RetryPolicy } from './retry.js';
import type { TokenSource } from './tokens.js';

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
 * The client's one way out: a bearer token from the source, a single retry with a new token after a
 * 401 for the old one, and retries (bounded, honouring `Retry-After`) after 429 and 503 for any
 * request, after connection errors only for idempotent ones.
 */
export function createSend(dispatcher: Dispatcher, tokens: TokenSource | undefined, policy: RetryPolicy): Send {
  return async function send(outgoing) {
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const token = await tokens?.token();
      let answer: Answer;
      try {
        answer = await once(outgoing, dispatcher, token);
      } catch (error) {
        if (outgoing.signal?.aborted || !isIdempotent(outgoing.method, outgoing.headers ?? {}))
          throw noAnswer(outgoing, error);
        const delay = retryDelay(attempt, policy, undefined);
        if (delay === undefined) throw noAnswer(outgoing, error);
        await sleep(delay, undefined, { signal: outgoing.signal });
        continue;
      }
      if (token !== undefined && tokenRefused(answer) && !renewed) {
        tokens?.refused(token);
        renewed = true;
        attempt--; // a renewal is not a retry
        continue;
      }
      if (!isRetryableStatus(answer.status)) return answer;
      const delay = retryDelay(attempt, policy, retryAfterMs(answer.headers['retry-after']));
      if (delay === undefined) return answer;
      await sleep(delay, undefined, { signal: outgoing.signal });
    }
  };
}

function noAnswer(outgoing: Outgoing, cause: unknown): CorralClientError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const details = errorDetails(
    0,
    { error: `${outgoing.method} ${outgoing.url} got no answer: ${reason}` },
    undefined,
    `${outgoing.method} ${outgoing.url}`,
  );
  return new CorralClientError(details, { cause });
}

/** Throws the answer as a {@link CorralClientError} unless its status is below 400. */
export function expectSuccess(answer: Answer, outgoing: Pick<Outgoing, 'method' | 'url'>): Answer {
  if (answer.status < 400) return answer;
  throw new CorralClientError(
    errorDetails(answer.status, answer.body, answer.headers['x-request-id'], `${outgoing.method} ${outgoing.url}`),
  );
}
