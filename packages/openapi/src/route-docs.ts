import type { DocumentedRoute, RouteDocs } from '@corral/core';
import { ref } from './json-schema.js';
import { header, headersOf } from './responses.js';

type Operation = Record<string, unknown>;
type Response = Record<string, unknown>;

/**
 * A copy of an operation with what plugins document for its route (see {@link RouteDocs}): their
 * request headers as header parameters, their answers as extra error responses (the simple error
 * body), and their response headers on every response, those answers included. A status the
 * operation already documents keeps its body; the plugin's reason is added to its description.
 */
export function withRouteDocs(operation: Operation, docs: readonly RouteDocs[]): Operation {
  if (docs.length === 0) return operation;
  const parameters = [...((operation.parameters as unknown[] | undefined) ?? [])];
  const named = (name: string) =>
    parameters.some(
      (p) =>
        (p as { in?: string; name?: string }).in === 'header' &&
        (p as { name: string }).name.toLowerCase() === name.toLowerCase(),
    );
  const responses: Record<string, Response> = { ...(operation.responses as Record<string, Response>) };
  for (const doc of docs) {
    for (const [name, value] of Object.entries(doc.requestHeaders ?? {})) {
      if (!named(name)) parameters.push({ name, in: 'header', required: value.required ?? false, ...header(value) });
    }
    for (const [status, answer] of Object.entries(doc.responses ?? {})) {
      const existing = responses[status];
      const headers = { ...(existing?.headers as object | undefined), ...headersOf(answer.headers) };
      responses[status] = existing
        ? {
            ...existing,
            description: `${String(existing.description)}; or: ${answer.description}`,
            ...(Object.keys(headers).length > 0 ? { headers } : {}),
          }
        : {
            description: answer.description,
            content: { 'application/json': { schema: ref('SimpleError') } },
            ...(Object.keys(headers).length > 0 ? { headers } : {}),
          };
    }
  }
  const everywhere = Object.assign({}, ...docs.map((doc) => headersOf(doc.responseHeaders))) as Record<string, unknown>;
  if (Object.keys(everywhere).length > 0) {
    for (const [status, response] of Object.entries(responses))
      responses[status] = { ...response, headers: { ...(response.headers as object | undefined), ...everywhere } };
  }
  return { ...operation, ...(parameters.length > 0 ? { parameters } : {}), responses };
}

/**
 * What plugins document for the public pages outside the table (the version list, the document,
 * the docs page): what they document for the version's root document, the public GET page of the
 * table, since the same hooks (a rate limit, CORS) act on every such page.
 */
export function docsOfPublicPages(routes: readonly DocumentedRoute[]): readonly RouteDocs[] {
  return routes.find((route) => route.kind === 'root')?.docs ?? [];
}
