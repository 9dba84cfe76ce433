import { failure } from './failures.js';

const absolute = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Where the client may send requests (with the bearer token): the origin of `baseUrl`, and the
 * origins of absolute URLs the API itself linked to. A URL on any other origin is refused before
 * it is sent, so a mistyped or foreign URL never receives the token.
 *
 * Only what the API writes itself counts, never record data a user could have stored: the
 * `Location` of a successful answer, the root document's `*_url` fields, and the `links` of a
 * record or page and of the records on a page. And only answers of the API count: from the origin
 * of `baseUrl`, or from an origin the root document names (the API's public URL). An origin the
 * API merely linked to can be called, but what it answers teaches nothing.
 */
export class Destinations {
  readonly #origins = new Set<string>();
  readonly #apiOrigins = new Set<string>();
  readonly #root: string;

  /** Starts from the API's own origin; `baseUrl` is also where the root document is read. */
  constructor(baseUrl: string) {
    const base = new URL(baseUrl);
    this.#origins.add(base.origin);
    this.#apiOrigins.add(base.origin);
    this.#root = withoutTrailingSlash(base.href);
  }

  /** Throws a `usage` error unless the URL lies on an allowed origin. */
  check(method: string, url: string): void {
    if (this.#origins.has(originOf(url) ?? '')) return;
    const allowed = [...this.#origins].join(', ');
    throw failure(
      'usage',
      `${method} ${url}`,
      `${method} ${url} was not sent: the client sends requests only to ${allowed} ` +
        "(baseUrl's origin and origins the API linked to)",
    );
  }

  /** Remembers the origins a successful answer of the API links to (see the class comment). */
  learn(url: string, status: number, body: unknown, location: string | undefined): void {
    if (status >= 400 || !this.#apiOrigins.has(originOf(url) ?? '')) return;
    if (location !== undefined) this.#add(location);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
    const fields = body as Record<string, unknown>;
    if (withoutTrailingSlash(url) === this.#root)
      for (const [key, value] of Object.entries(fields))
        if (key.endsWith('_url') && this.#add(value)) this.#apiOrigins.add(originOf(value as string)!);
    this.#addLinks(fields.links);
    // A page (an envelope with its limit): the records listed on it carry links of the API too.
    if (typeof fields.limit === 'number')
      for (const value of Object.values(fields))
        if (Array.isArray(value))
          for (const item of value) if (item !== null && typeof item === 'object') this.#addLinks(item.links);
  }

  #addLinks(links: unknown): void {
    if (Array.isArray(links)) for (const link of links) this.#add((link as { href?: unknown } | null)?.href);
  }

  /** Adds the origin of an absolute http(s) URL; true when it did. */
  #add(href: unknown): boolean {
    // A relative href stays on the answering origin.
    if (typeof href !== 'string' || !absolute.test(href)) return false;
    const origin = originOf(href);
    if (origin === undefined || !/^https?:/.test(origin)) return false;
    this.#origins.add(origin);
    return true;
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function withoutTrailingSlash(url: string): string {
  return url.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
}
