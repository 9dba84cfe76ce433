import { CorralError } from '@corral/errors';
/** Settings of the {@link cors} plugin. */
export interface CorsOptions {
  /**
   * Which web pages may call the API: exact origins such as `https://app.example` (scheme, host
   * and port, no path), a function deciding per origin, or `'*'` for any page without credentials.
   */
  readonly origins: readonly string[] | ((origin: string) => boolean) | '*';
  /** Let pages send cookies or HTTP authentication (`Access-Control-Allow-Credentials`); refused with `'*'`. */
  readonly credentials?: boolean;
  /** Request headers a page may send (default: the ones Corral reads, see {@link defaultAllowedHeaders}). */
  readonly allowHeaders?: readonly string[];
  /** Response headers a page may read (default: the ones Corral sends, see {@link defaultExposedHeaders}). */
  readonly exposeHeaders?: readonly string[];
  /** How long a browser may keep a preflight's answer, in seconds (default 600). */
  readonly maxAgeSeconds?: number;
}

/**
 * Request headers Corral and its plugins read, allowed in a preflight unless configured otherwise
 * (`Last-Event-ID` resumes a feed opened with fetch).
 */
export const defaultAllowedHeaders: readonly string[] = Object.freeze([
  'Authorization',
  'Content-Type',
  'If-Match',
  'If-None-Match',
  'Prefer',
  'Idempotency-Key',
  'X-Request-Id',
  'Last-Event-ID',
]);

/**
 * Response headers a page needs beyond the CORS-safelisted ones: versions, new locations, request
 * ids, limits, and the feed position of a list, record or write answer.
 */
export const defaultExposedHeaders: readonly string[] = Object.freeze([
  'ETag',
  'Location',
  'X-Request-Id',
  'WWW-Authenticate',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'Idempotency-Replayed',
  'Last-Event-ID',
]);

/** The methods a preflight allows; a method the path does not serve still gets its 405 afterwards. */
export const corsMethods = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** Turns the configured origins into one test, refusing settings that would be unsafe or never match. */
export function originTest(options: CorsOptions): (origin: string) => boolean {
  const { origins } = options;
  if (origins === '*') {
    if (options.credentials)
      throw new CorralError(
        'CORRAL_INVALID_CORS_OPTION',
        'cors: credentials cannot be allowed for every origin; list the origins instead',
      );
    return () => true;
  }
  if (typeof origins === 'function') return origins;
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin)
      throw new CorralError(
        'CORRAL_INVALID_CORS_OPTION',
        `cors: ${JSON.stringify(origin)} is not an origin; write it as scheme://host[:port], without a path or trailing slash`,
      );
  }
  const allowed = new Set(origins);
  return (origin) => allowed.has(origin);
}

/** Checks a header-name list once, at startup, and joins it for the header value. */
export function headerList(names: readonly string[], what: string): string {
  for (const name of names)
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name))
      throw new CorralError(
        'CORRAL_INVALID_CORS_OPTION',
        `cors: ${JSON.stringify(name)} in ${what} is not a header name`,
      );
  return names.join(', ');
}
