import { everyAnswerHeaders } from '@corral/core';
import { headersOf } from './responses.js';

type PathItem = Record<string, unknown>;
type Response = Record<string, unknown>;

/** An operation whose every answer names the headers every answer carries (X-Request-Id). */
function withHeadersOf(operation: PathItem): PathItem {
  const headers = headersOf(everyAnswerHeaders);
  return {
    ...operation,
    responses: Object.fromEntries(
      Object.entries(operation.responses as Record<string, Response>).map(([status, response]) => [
        status,
        { ...response, headers: { ...(response.headers as object | undefined), ...headers } },
      ]),
    ),
  };
}

/** Every operation of the paths with the headers every answer carries (see `everyAnswerHeaders`). */
export function withEveryAnswerHeaders(paths: Record<string, PathItem>): Record<string, PathItem> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([key, value]) => [
          key,
          key === 'parameters' ? value : withHeadersOf(value as PathItem),
        ]),
      ),
    ]),
  );
}
