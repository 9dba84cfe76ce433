import type { CorralResponse } from '../http/exchange.js';
import type { StoredAnswer } from './idempotency-store.js';

/**
 * Headers that describe the result itself and so are repeated on a replay (not X-Request-Id, not
 * per-request limits).
 */
const keptHeaders = [
  'content-type',
  'location',
  'content-location',
  'etag',
  'last-modified',
  'link',
  'preference-applied',
  'vary',
  'www-authenticate',
  'allow',
];

/**
 * Statuses that say nothing about what the request did, so a retry must run it again: the
 * caller's credentials (401, 403), its pace (408, 429) and every server failure (5xx). Bytes and
 * streamed answers (a feed) are not kept either: only a text body can be stored and replayed.
 */
export function isKept(response: CorralResponse): boolean {
  const { status } = response;
  return (
    status < 500 &&
    status !== 401 &&
    status !== 403 &&
    status !== 408 &&
    status !== 429 &&
    typeof response.body !== 'object'
  );
}

/** The part of an answer kept under its key. */
export function storedAnswerOf(response: CorralResponse): StoredAnswer {
  const headers: Record<string, string> = {};
  for (const name of keptHeaders) {
    const value = response.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return { status: response.status, headers, ...(typeof response.body === 'string' ? { body: response.body } : {}) };
}

/** A kept answer given again, marked so that the client can tell. */
export function replayOf(answer: StoredAnswer): CorralResponse {
  return {
    status: answer.status,
    headers: { ...answer.headers, 'idempotency-replayed': 'true' },
    ...(answer.body === undefined ? {} : { body: answer.body }),
  };
}
