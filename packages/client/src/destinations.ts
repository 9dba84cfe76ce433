import { failure } from './failures.js';

const absolute = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Where the client may send requests (with the bearer token): the origin of `baseUrl`, and the
 * origins of absolute URLs the API itself linked to in its answers (link hrefs, the root document's
 * `*_url` fields, `Location`). A URL on any other origin is refused before it is sent, so a
 * mistyped or foreign URL never receives the token.
 */
export class Destinations {
  readonly #origins = new Set<string>();

  /** Starts from the API's own origin. */
  constructor(baseUrl: string) {
    this.#origins.add(new URL(baseUrl).origin);
  }

  /** Throws a `usage` error unless the URL lies on an allowed origin. */
  check(method: string, url: string): void {
    if (this.#origins.has(new URL(url).origin)) return;
    const allowed = [...this.#origins].join(', ');
    throw failure(
      'usage',
      `${method} ${url}`,
      `${method} ${url} was not sent: the client sends requests only to ${allowed} ` +
        "(baseUrl's origin and origins the API linked to)",
    );
  }

  /** Remembers the origins an answer links to: its `Location`, top-level `*_url` fields and every link's href. */
  learn(body: unknown, location: string | undefined): void {
    if (location !== undefined) this.#add(location);
    if (body !== null && typeof body === 'object' && !Array.isArray(body))
      for (const [key, value] of Object.entries(body))
        if (key.endsWith('_url') && typeof value === 'string') this.#add(value);
    this.#walk(body, 0);
  }

  #walk(value: unknown, depth: number): void {
    if (value === null || typeof value !== 'object' || depth > 8) return;
    if (Array.isArray(value)) {
      for (const item of value) this.#walk(item, depth + 1);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'links' && Array.isArray(child))
        for (const link of child) this.#add((link as { href?: unknown } | null)?.href);
      else this.#walk(child, depth + 1);
    }
  }

  #add(href: unknown): void {
    if (typeof href !== 'string' || !absolute.test(href)) return; // a relative href stays on the answering origin
    try {
      const url = new URL(href);
      if (url.protocol === 'http:' || url.protocol === 'https:') this.#origins.add(url.origin);
    } catch {
      // not a URL: nothing to remember
    }
  }
}
