import type { AnswerDoc, RouteAnswers } from '../vocabulary/answers.js';
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
 * failure and 503 for a backend that is away. What plugins add is in their `describeRoute`.
 */
export function servedAnswers(route: ServedRoute, secured: boolean): Readonly<Record<number, AnswerDoc>> {
  const statuses = new Set([...route.answers.errors, 400, 500, 503]);
  if (route.pattern.includes('/:')) statuses.add(404);
  if ((route.produces ?? 'application/json') !== '*/*') statuses.add(406);
  if (secured && route.access !== 'public') for (const status of [401, 403]) statuses.add(status);
  const answers: Record<number, AnswerDoc> = { ...route.answers.success };
  for (const status of [...statuses].sort((a, b) => a - b)) answers[status] = errorAnswerDoc(status);
  return answers;
}
