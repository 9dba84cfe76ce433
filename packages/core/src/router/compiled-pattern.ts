import { match, pathToRegexp, type MatchFunction } from 'path-to-regexp';

/** One path pattern compiled once, with the handlers of each method registered on it. */
export class CompiledPattern<H> {
  readonly handlers = new Map<string, H>();
  private readonly matcher: MatchFunction<Partial<Record<string, string | string[]>>>;

  /** The pattern's parameter names, in order. */
  private readonly names: readonly string[];

  constructor(readonly pattern: string) {
    this.matcher = match(pattern, { decode: decodeURIComponent });
    this.names = pathToRegexp(pattern).keys.map((key) => key.name);
  }

  /** Decoded parameters when the path matches; undefined when it does not or is badly encoded. */
  exec(path: string): Record<string, string> | undefined {
    let result: ReturnType<typeof this.matcher>;
    try {
      result = this.matcher(path);
    } catch {
      return undefined; // malformed percent-encoding names no resource
    }
    if (!result) return undefined;
    // Patterns here have named parameters only (no `*wildcard`), so every value is a string.
    // Copied into an ordinary object: path-to-regexp makes a null-prototype one, which V8 keeps
    // as a slow dictionary, and every handler and check reads these. The names come from the
    // API's own patterns, never from the request.
    const params: Record<string, string> = {};
    for (const name of this.names) {
      const value = result.params[name];
      if (value !== undefined) params[name] = value as string;
    }
    return params;
  }

  /** Methods this path answers, in a stable order for the Allow header. */
  allow(): string[] {
    return [...this.handlers.keys()].sort();
  }
}
