/** Outcome of a lookup: a handler with decoded path parameters, a path with other methods only, or nothing. */
export type RouteMatch<H> =
  | {
      /** A route takes this method on this path. */
      readonly kind: 'found';
      /** What was registered for the route. */
      readonly handler: H;
      /** Values of the pattern's `:name` segments, percent-decoded. */
      readonly params: Readonly<Record<string, string>>;
    }
  | {
      /** The path exists, but not for this method: answer 405. */
      readonly kind: 'methodNotAllowed';
      /** Methods the path does take, for the `Allow` header. */
      readonly allow: readonly string[];
    }
  | {
      /** No pattern matches the path: answer 404. */
      readonly kind: 'notFound';
    };

/**
 * Maps method + path to a handler. Patterns use path-to-regexp syntax (`/zoos/:id`). Every
 * implementation passes the shared suite in `common.case.test.ts`.
 */
export interface Router<H> {
  /** Registers a handler for a method and pattern; all routes are added before the first lookup. */
  add(method: string, pattern: string, handler: H): void;
  /** Looks up a raw request path, telling "wrong method" apart from "no such path". */
  find(method: string, path: string): RouteMatch<H>;
}
