import { CorralError } from '@corral/errors';
// Characters allowed in one base-path segment: RFC 3986 "unreserved" only, so the prefix never
// needs percent-encoding and compares byte for byte with the raw request path.
const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * Normalises the configured base path the API is mounted under.
 *
 * Returns `''` for no base path (`undefined`, `''` or `'/'`), otherwise a path with one leading
 * slash and no trailing slash: `'api'`, `'/api'` and `'/api/'` all give `'/api'`; nested paths
 * such as `'/a/b'` are kept.
 *
 * @throws Error when a segment is empty, is `.` or `..`, or holds a character other than
 *   letters, digits and `. _ ~ -`. This is a configuration mistake, reported at start-up.
 */
export function normalizeBasePath(raw: string | undefined): string {
  if (raw === undefined || raw === '' || raw === '/') return '';
  let body = raw.startsWith('/') ? raw.slice(1) : raw;
  if (body.endsWith('/')) body = body.slice(0, -1);
  for (const segment of body.split('/')) {
    if (segment === '') {
      throw new CorralError(
        'CORRAL_INVALID_BASE_PATH',
        `Invalid base path ${JSON.stringify(raw)}: it contains an empty segment ("//").`,
      );
    }
    // Dot segments would be collapsed by URL parsers, so requests could never match the prefix.
    if (segment === '.' || segment === '..') {
      throw new CorralError(
        'CORRAL_INVALID_BASE_PATH',
        `Invalid base path ${JSON.stringify(raw)}: "." and ".." segments are not allowed.`,
      );
    }
    if (!SEGMENT.test(segment)) {
      throw new CorralError(
        'CORRAL_INVALID_BASE_PATH',
        `Invalid base path ${JSON.stringify(raw)}: segment ${JSON.stringify(segment)} may only contain ` +
          'letters, digits and the characters . _ ~ -',
      );
    }
  }
  return `/${body}`;
}
