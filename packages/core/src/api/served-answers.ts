import type { AnswerDoc, HeaderDoc, RouteAnswers } from '../vocabulary/answers.js';
import type { RouteInfo } from '../vocabulary/context.js';
import { errorAnswerDoc } from './error-answer-docs.js';

/** What decides how a route answers once served: its declaration, its path, who may call it, what it produces. */
export type ServedRoute = Pick<RouteInfo, 'pattern' | 'access'> & {
  /** What the route's own code answers. */
  readonly answers: RouteAnswers;
  /** Media type of its successful answers; `*\/*` for a route that serves any (no Accept check). */
  readonly produces?: string;
};

/**
 * Every answer a route gives as the pipeline serves it, by status, for documentation: what the
 * route declares, and what the pipeline answers for any route (see `serveRoute`): 400 for a query
 * parameter it does not take, 404 for a path segment past its length limit, 406 when Accept
 * excludes what it produces, 401 and 403 when tokens are checked and it is not public, 500 for a
 * failure and 503 for a backend that is away. Where tokens are checked, the refusals carry the
 * authenticator's challenge (`WWW-Authenticate`). What plugins add is in their `describeRoute`;
 * what the server answers before the pipeline is in {@link serverAnswers}, the headers every
 * answer has in {@link everyAnswerHeaders}.
 */
export function servedAnswers(route: ServedRoute, secured: boolean): Readonly<Record<number, AnswerDoc>> {
  const statuses = new Set([...route.answers.errors, 400, 500, 503]);
  if (route.pattern.includes('/:')) statuses.add(404);
  if ((route.produces ?? 'application/json') !== '*/*') statuses.add(406);
  if (secured && route.access !== 'public') for (const status of [401, 403]) statuses.add(status);
  const answers: Record<number, AnswerDoc> = { ...route.answers.success };
  for (const status of [...statuses].sort((a, b) => a - b)) answers[status] = withChallenge(status, secured);
  return answers;
}

const text = { type: 'string' } as const;

/**
 * The challenge of the authenticator (RFC 6750 for OAuth): always on a 401; on a 403 that lacks a
 * scope (not on a record rule's); on a 400 for a token in the URL or two credentials at once.
 */
const challenges: Readonly<Record<number, HeaderDoc>> = {
  400: { description: 'The challenge, when the request sent its token in the URL or two credentials', schema: text },
  401: { description: 'The challenge: how to authenticate, and why the token failed', schema: text, required: true },
  403: { description: 'The challenge naming the scope the token lacks (RFC 6750)', schema: text },
};

/** The error answer of a status, with the challenge header where tokens are checked. */
function withChallenge(status: number, secured: boolean): AnswerDoc {
  const answer = errorAnswerDoc(status);
  const challenge = secured ? challenges[status] : undefined;
  return challenge ? { ...answer, headers: { ...answer.headers, 'WWW-Authenticate': challenge } } : answer;
}

/**
 * What the node:http server answers on any path before the pipeline runs (see `listen` and
 * `nodeServing`): 408 when the headers or the body come too slowly.
 */
export const serverAnswers: Readonly<Record<number, AnswerDoc>> = { 408: errorAnswerDoc(408) };

/** The headers sent with every answer, whatever the route and status (a server's refusals too). */
export const everyAnswerHeaders: Readonly<Record<string, HeaderDoc>> = {
  'X-Request-Id': {
    description:
      "The request's id, as logs and traces name it: the client's own X-Request-Id when it sent a valid one, else a new one",
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
    required: true,
  },
};
