/** Outcome of a lookup: a handler with decoded path parameters, a path with other methods only, or nothing. */
export type RouteMatch<H> =
  | { readonly kind: 'found'; readonly handler: H; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'methodNotAllowed'; readonly allow: readonly string[] }
  | { readonly kind: 'notFound' };

/**
 * Maps method + path to a handler. Patterns use path-to-regexp syntax (`/zoos/:id`). Every
 * implementation passes the shared suite in `common.case.test.ts`.
 */
export interface Router<H> {
  add(method: string, pattern: string, handler: H): void;
  find(method: string, path: string): RouteMatch<H>;
}
