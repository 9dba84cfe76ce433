import { ApiError } from '@corral/errors';
import { describeValidVersions, parseVersionSegment } from './versions.js';

/**
 * What a request path addresses: the version listing at the base path, or an API version with the
 * rest of the path (`''` for the version root itself, otherwise starting with `/`).
 */
export type VersionedPath =
  | {
      /** The path is the base path itself: answer with the version listing. */
      kind: 'listing';
    }
  | {
      /** The path lies inside a served version. */
      kind: 'api';
      /** Major version number taken from the path. */
      version: number;
      /** Base path plus version segment, e.g. `/api/v2`, for building links. */
      prefix: string;
      /** Still-encoded remainder after the prefix, routed within the version. */
      rest: string;
    };

// Client input is echoed in messages; keep it short so a long path cannot bloat the answer.
const MAX_ECHO = 40;

function echo(text: string): string {
  return JSON.stringify(text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}...` : text);
}

/**
 * Splits a raw (still percent-encoded) request path into version and rest. Works on the raw form
 * on purpose: decoding first would let `%2F` or `%76` smuggle a different version past the check.
 */
export function matchVersionedPath(basePath: string, versions: readonly number[], pathname: string): VersionedPath {
  if (pathname === basePath || pathname === `${basePath}/`) return { kind: 'listing' };
  // Built only for an error message, never on the path every request takes.
  const valid = () => describeValidVersions(basePath, versions);
  const mount = `${basePath}/`;
  if (!pathname.startsWith(mount)) {
    if (basePath !== '') {
      throw new ApiError(
        'routeNotFound',
        `No endpoint at ${echo(pathname)}: this API is served under ${basePath}. ${valid()}`,
      );
    }
    throw new ApiError('unknownVersion', `The path ${echo(pathname)} has no API version. ${valid()}`);
  }
  const remainder = pathname.slice(mount.length);
  const slash = remainder.indexOf('/');
  const segment = slash === -1 ? remainder : remainder.slice(0, slash);
  const version = parseVersionSegment(segment);
  if (version === undefined || !versions.includes(version)) {
    // A segment that starts like a version (`v1.2`, `V2`, `v01`) is reported as an unknown version;
    // anything else (`/zoos`) means the version was left out.
    const message = /^v/i.test(segment)
      ? `Unknown API version ${echo(segment)}. ${valid()}`
      : `The path ${echo(pathname)} has no API version. ${valid()}`;
    throw new ApiError('unknownVersion', message);
  }
  return {
    kind: 'api',
    version,
    prefix: `${basePath}/v${version}`,
    rest: slash === -1 ? '' : remainder.slice(slash),
  };
}
