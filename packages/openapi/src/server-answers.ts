import { everyAnswerHeaders, serverAnswers } from '@corral/core';
import { headersOf, responsesOf } from './responses.js';

type PathItem = Record<string, unknown>;
type Response = Record<string, unknown>;

/**
 * An operation with what the server answers before any route (a 408 for a slow client) and, on
 * every answer, the headers every answer carries (X-Request-Id). A HEAD answer has no body.
 */
function withServerAnswersOf(method: string, operation: PathItem): PathItem {
  const refusals = Object.entries(responsesOf(serverAnswers) as Record<string, Response>).map(
    ([status, { content, ...rest }]) => [status, method === 'head' ? rest : { ...rest, content }] as const,
  );
  const own = operation.responses as Record<string, Response>;
  const headers = headersOf(everyAnswerHeaders);
  const responses = { ...Object.fromEntries(refusals), ...own };
  return {
    ...operation,
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [
        status,
        { ...response, headers: { ...(response.headers as object | undefined), ...headers } },
      ]),
    ),
  };
}

/** Every operation of the paths with the server's own answers and headers (see {@link withServerAnswersOf}). */
export function withServerAnswers(paths: Record<string, PathItem>): Record<string, PathItem> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([key, value]) => [
          key,
          key === 'parameters' ? value : withServerAnswersOf(key, value as PathItem),
        ]),
      ),
    ]),
  );
}
