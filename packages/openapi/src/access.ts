import type { RouteAccess } from '@corral/core';

/**
 * The security requirement of an operation, read from its route's access: public routes need
 * nothing (an empty list, overriding the document's default), others the OAuth scheme with the
 * route's scope or none. An open API (no token checks) states no requirement at all.
 */
export function securityOf(access: RouteAccess, secured: boolean): unknown[] | undefined {
  if (access === 'public') return [];
  if (!secured) return undefined;
  return [{ oauth2: access === 'authenticated' ? [] : [access.scope] }];
}
