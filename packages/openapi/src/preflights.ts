import type { DocumentedRoute, PreflightDoc, RouteDocs, VersionDescription } from '@corral/core';
import { openApiPath } from './path-parameters.js';
import { answersOf, headersOf, responsesOf } from './responses.js';
import { withRouteDocs } from './route-docs.js';

type PathItem = Record<string, unknown>;

/** An OPTIONS that is no preflight, on a path whose routes answer other methods only. */
const notAllowed = {
  description: 'An OPTIONS request that is not a preflight: this path does not serve OPTIONS',
  body: 'simpleError' as const,
  headers: {
    Allow: { description: 'The methods this path serves', schema: { type: 'string' }, required: true },
  },
};

/** `/v1/jobs/{id}` -> `V1JobsId`, for an operationId. */
const pathWords = (path: string) =>
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** The OPTIONS operation of a path served for its preflights only. */
function preflightOperation(path: string, preflight: PreflightDoc, docs: readonly RouteDocs[], secured: boolean) {
  const route = {
    pattern: path,
    access: 'public' as const,
    produces: '*/*',
    answers: { success: { [preflight.status]: { description: preflight.description } }, errors: [] },
  };
  const responses = { ...responsesOf(answersOf(route, secured)), ...responsesOf({ 405: notAllowed }) };
  const operation = {
    tags: ['meta'],
    operationId: `preflight${pathWords(path)}`,
    summary: 'CORS preflight',
    description: 'Answered before authentication and routing, so a browser may then send the request itself.',
    security: [],
    responses,
  };
  return withPreflightHeaders(withRouteDocs(operation, docs), preflight, docs);
}

/** The preflight answer with its own headers and those plugins add to every answer of the path. */
function withPreflightHeaders(operation: PathItem, preflight: PreflightDoc, docs: readonly RouteDocs[]): PathItem {
  const everywhere = Object.assign({}, ...docs.map((doc) => headersOf(doc.responseHeaders))) as object;
  const responses = operation.responses as Record<string, Record<string, unknown>>;
  const status = String(preflight.status);
  const answer = responses[status] ?? { description: preflight.description };
  return {
    ...operation,
    responses: {
      ...responses,
      [status]: {
        ...answer,
        description: responses[status]
          ? `${String(answer.description)}; or: ${preflight.description}`
          : answer.description,
        headers: { ...(answer.headers as object | undefined), ...everywhere, ...headersOf(preflight.headers) },
      },
    },
  };
}

/**
 * Paths with the preflight a plugin (CORS) answers on each: a status added to the path's OPTIONS
 * operation, or an OPTIONS operation of its own where the path has none. Paths outside the table
 * (the version list, this document, the docs page) take what plugins say of public pages.
 */
export function withPreflights(
  paths: Record<string, PathItem>,
  version: VersionDescription,
  publicPages: readonly RouteDocs[],
): Record<string, PathItem> {
  const docsByPath = new Map<string, readonly RouteDocs[]>();
  for (const route of version.routes as readonly DocumentedRoute[])
    docsByPath.set(openApiPath(route.pattern, version.prefix), route.docs);
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const docs = docsByPath.get(path) ?? publicPages;
      const preflight = docs.find((doc) => doc.preflight)?.preflight;
      if (!preflight) return [path, item];
      const options = item.options as PathItem | undefined;
      return [
        path,
        {
          ...item,
          options: options
            ? withPreflightHeaders(options, preflight, docs)
            : preflightOperation(path, preflight, docs, version.secured),
        },
      ];
    }),
  );
}
