import { ApiError, toApiError } from '@corral/errors';
import type { VersionedPath, Versioning } from '@corral/versioning';
import type { CorralRequest } from '../http/exchange.js';
import { hasTrailingSlash } from '../http/trailing-slash.js';
import type { Router } from '../router/router.js';
import type { CompiledRoute } from './compiled-route.js';

/**
 * Where a request goes, decided before any hook runs. A path that no version or route serves is
 * a target too (`none`), so that onRequest hooks still run before its error is given.
 */
export type Target =
  | { readonly kind: 'trailingSlash' }
  | { readonly kind: 'listing' }
  | {
      readonly kind: 'route';
      readonly prefix: string;
      readonly route: CompiledRoute;
      readonly params: Readonly<Record<string, string>>;
    }
  | {
      readonly kind: 'none';
      readonly error: ApiError;
      /** The version's prefix when the path named a version, so the error links to its docs. */
      readonly prefix?: string;
    };

/** Finds the target of a request from its path and method. */
export function targetOf(
  request: CorralRequest,
  versioning: Versioning,
  routers: ReadonlyMap<number, Router<CompiledRoute>>,
): Target {
  if (hasTrailingSlash(request.path)) return { kind: 'trailingSlash' };
  const versioned = versionOf(versioning, request.path);
  if (versioned.kind === 'none' || versioned.kind === 'listing') return versioned;
  return locate(request, versioned, routers.get(versioned.version)!);
}

function versionOf(
  versioning: Versioning,
  path: string,
): VersionedPath | { readonly kind: 'none'; readonly error: ApiError } {
  try {
    return versioning.match(path);
  } catch (thrown) {
    return { kind: 'none', error: toApiError(thrown) };
  }
}

function locate(
  request: CorralRequest,
  target: VersionedPath & { kind: 'api' },
  router: Router<CompiledRoute>,
): Target {
  const rest = target.rest === '' ? '/' : target.rest;
  const found = router.find(request.method === 'HEAD' ? 'GET' : request.method, rest);
  if (found.kind === 'found')
    return { kind: 'route', prefix: target.prefix, route: found.handler, params: found.params };
  if (found.kind === 'notFound')
    return {
      kind: 'none',
      prefix: target.prefix,
      error: new ApiError('routeNotFound', `No endpoint at ${request.path.slice(0, 200)}`),
    };
  const allow = withHead(found.allow).join(', ');
  return {
    kind: 'none',
    prefix: target.prefix,
    error: new ApiError('methodNotAllowed', `${request.method} is not supported on this path. Allowed: ${allow}`, {
      headers: { allow },
    }),
  };
}

function withHead(allow: readonly string[]): string[] {
  return allow.includes('GET') && !allow.includes('HEAD') ? [...allow, 'HEAD'].sort() : [...allow];
}
