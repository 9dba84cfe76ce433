import { CorralError } from '@corral/errors';
// Helpers for the list of major versions and their URL segments (`v1`, `v2`, ...).

// Canonical form only: no leading zero, no sign, no minor part, lower-case `v`. Anything else
// would give one version several URLs, which breaks caching and link comparison.
const CANONICAL_SEGMENT = /^v([1-9][0-9]*)$/;

/** Checks the configured versions and returns them sorted ascending and frozen. */
export function checkVersions(versions: readonly number[]): readonly number[] {
  if (versions.length === 0) throw new CorralError('CORRAL_NO_VERSION', 'At least one API version must be configured.');
  const seen = new Set<number>();
  for (const version of versions) {
    if (!Number.isSafeInteger(version) || version < 1) {
      throw new CorralError(
        'CORRAL_INVALID_VERSION',
        `Invalid API version ${String(version)}: versions are positive integers (major versions only).`,
      );
    }
    if (seen.has(version))
      throw new CorralError('CORRAL_DUPLICATE_VERSION', `API version ${version} is configured more than once.`);
    seen.add(version);
  }
  return Object.freeze([...versions].sort((a, b) => a - b));
}

/** The version number a path segment names, or undefined when it is not a canonical `v<N>`. */
export function parseVersionSegment(segment: string): number | undefined {
  const digits = CANONICAL_SEGMENT.exec(segment)?.[1];
  if (digits === undefined) return undefined;
  const version = Number(digits);
  return Number.isSafeInteger(version) ? version : undefined;
}

/** `v1, v2` followed by where paths start, for messages that tell the client what to use instead. */
export function describeValidVersions(basePath: string, versions: readonly number[]): string {
  const labels = versions.map((v) => `v${v}`);
  const prefixes = versions.map((v) => `${basePath}/v${v}`);
  return `Valid versions: ${labels.join(', ')}. Paths start with ${joinWithOr(prefixes)}`;
}

function joinWithOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}
