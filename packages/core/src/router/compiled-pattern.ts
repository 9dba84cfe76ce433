import { match, type MatchFunction } from 'path-to-regexp';

/** One path pattern compiled once, with the handlers of each method registered on it. */
export class CompiledPattern<H> {
  readonly handlers = new Map<string, H>();
  private readonly matcher: MatchFunction<Partial<Record<string, string | string[]>>>;

  constructor(readonly pattern: string) {
    this.matcher = match(pattern, { decode: decodeURIComponent });
  }

  /** Decoded parameters when the path matches; undefined when it does not or is badly encoded. */
  exec(path: string): Record<string, string> | undefined {
    let result;
    try {
      result = this.matcher(path);
    } catch {
      return undefined; // malformed percent-encoding names no resource
    }
    // Patterns here have named parameters only (no `*wildcard`), so every value is a string.
    return result ? (result.params as Record<string, string>) : undefined;
  }

  /** Methods this path answers, in a stable order for the Allow header. */
  allow(): string[] {
    return [...this.handlers.keys()].sort();
  }
}
