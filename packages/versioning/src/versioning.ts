import { CorralError } from '@corral/errors';
import { normalizeBasePath } from './base-path.js';
import { matchVersionedPath, type VersionedPath } from './match.js';
import { checkVersions } from './versions.js';

/** Options of {@link createVersioning}. */
export interface VersioningOptions {
  /** Major versions served, e.g. `[1, 2]`. Positive integers, at least one, no duplicates. */
  readonly versions: readonly number[];
  /** Path the API is mounted under, e.g. `/api`; normalised by {@link normalizeBasePath}. */
  readonly basePath?: string;
}

/** Body of the version listing served at the base path. */
export interface VersionListing {
  /** One entry per served version, ascending, so clients can pick the newest they support. */
  versions: {
    /** Label such as `v2`, the segment used in paths. */
    version: string;
    /** Prefix of that version, base path included. */
    href: string;
  }[];
}

/** The versions an API serves under its base path, and how request paths map onto them. */
export interface Versioning {
  /** Normalised base path: `''` or e.g. `/api`. */
  readonly basePath: string;
  /** Served major versions, ascending. */
  readonly versions: readonly number[];
  /** URL prefix of a served version: `${basePath}/v${version}`. Throws for a version not served. */
  prefix(version: number): string;
  /**
   * Maps a raw request path to the listing or to a version and the rest of the path.
   * Throws ApiError `unknownVersion` (404) for a missing, non-canonical or unknown version, and
   * `routeNotFound` (404) for a path outside a non-empty base path.
   */
  match(pathname: string): VersionedPath;
  /** The listing body, one entry per version in ascending order. */
  listing(): VersionListing;
}

/**
 * Builds the versioning of an API. Configuration mistakes (bad base path, empty, duplicated or
 * non-integer versions) throw a plain Error here, so they surface at start-up, not per request.
 */
export function createVersioning(options: VersioningOptions): Versioning {
  const basePath = normalizeBasePath(options.basePath);
  const versions = checkVersions(options.versions);
  const prefix = (version: number): string => {
    // Linking to a version the server does not serve would hand clients a URL that 404s.
    if (!versions.includes(version))
      throw new CorralError('CORRAL_VERSION_NOT_SERVED', `API version ${String(version)} is not served.`);
    return `${basePath}/v${version}`;
  };
  return Object.freeze({
    basePath,
    versions,
    prefix,
    match: (pathname: string) => matchVersionedPath(basePath, versions, pathname),
    listing: (): VersionListing => ({
      versions: versions.map((version) => ({ version: `v${version}`, href: prefix(version) })),
    }),
  });
}
