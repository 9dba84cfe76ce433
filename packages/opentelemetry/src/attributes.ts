import type { RequestContext } from '@corral/core';

/** Methods the HTTP semantic conventions name; any other is reported as `_OTHER`. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);

/**
 * `http.request.method` as the conventions want it: a known method, or `_OTHER` (so arbitrary text
 * never becomes a label).
 */
export function methodOf(method: string): string {
  return knownMethods.has(method) ? method : '_OTHER';
}

/** `http.route`: the matched route's full pattern, e.g. `/v1/zoos/:id`; undefined when no route matched. */
export function routeOf(context: RequestContext): string | undefined {
  if (!context.route) return undefined;
  return context.route.pattern === '/' ? context.prefix : `${context.prefix}${context.route.pattern}`;
}

/** Span name: method and route, or the method alone when no route matched (as the conventions say). */
export function spanNameOf(method: string, route: string | undefined): string {
  return route ? `${method} ${route}` : method;
}
