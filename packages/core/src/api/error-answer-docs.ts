import type { AnswerBody, AnswerDoc } from '../vocabulary/answers.js';

/** What each error status means on a Corral route, with the body the error contract gives it. */
const errorAnswers: Readonly<Record<number, AnswerDoc>> = {
  400: { description: 'Bad request: an invalid parameter or body', body: 'detailedError' },
  401: { description: 'No valid access token', body: 'authError' },
  403: { description: 'The token does not allow this', body: 'authError' },
  404: { description: 'Not found', body: 'simpleError' },
  406: { description: 'The Accept header excludes application/json', body: 'simpleError' },
  409: {
    description:
      'A conflict, told apart by errorCode: other records still refer to this one (1021), a request ' +
      'with this Idempotency-Key still runs (1027), or a unique value is taken (1029, errors names the field)',
    body: 'detailedError',
  },
  408: {
    description: 'The request headers or body came too slowly; the connection is closed',
    body: 'simpleError',
  },
  410: { description: 'The record was deleted', body: 'simpleError' },
  412: { description: 'If-Match does not match the current ETag; nothing changed', body: 'simpleError' },
  413: { description: 'The body is too large', body: 'simpleError' },
  415: { description: 'The body is not application/json', body: 'simpleError' },
  422: { description: 'Validation failed; errors lists each field', body: 'detailedError' },
  428: { description: 'This collection requires If-Match', body: 'simpleError' },
  429: {
    description: 'Too many requests; try again after Retry-After',
    body: 'simpleError',
    headers: {
      'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
    },
  },
  431: { description: 'A header is too long (an If-Match or If-None-Match past its limit)', body: 'simpleError' },
  500: { description: 'Server error', body: 'simpleError' },
  503: {
    description:
      'The service cannot take the request now (a database away, too many jobs waiting); try again after Retry-After',
    body: 'simpleError',
  },
};

/** The body the error contract gives a status: detailed for 400, 409 and 422, the auth shape for 401 and 403. */
function contractBody(status: number): AnswerBody {
  if (status === 400 || status === 409 || status === 422) return 'detailedError';
  return status === 401 || status === 403 ? 'authError' : 'simpleError';
}

/** The documentation of an error answer; a status Corral itself never gives (a plugin's) gets a plain one. */
export function errorAnswerDoc(status: number): AnswerDoc {
  return errorAnswers[status] ?? { description: `The request failed (${status})`, body: contractBody(status) };
}
