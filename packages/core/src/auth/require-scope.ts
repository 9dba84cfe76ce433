import { ApiError } from '@corral/errors';
import type { RouteAccess } from '../vocabulary/context.js';
import type { Authenticator, Principal } from './principal.js';

/**
 * Checks that a caller may use a route. Without an authenticator the API is open; with one,
 * every route that is not public needs a principal, and the scope when one is named.
 */
export function requireAccess(
  auth: Authenticator | undefined,
  principal: Principal | undefined,
  access: RouteAccess,
): void {
  if (!auth || access === 'public') return;
  if (!principal) {
    throw new ApiError(
      'authenticationRequired',
      'Authentication is required: send an OAuth 2.0 bearer token in the Authorization header.',
      {
        headers: auth.challenge('missing'),
      },
    );
  }
  if (access !== 'authenticated' && !principal.scopes.has(access.scope)) {
    throw new ApiError(
      'accessDenied',
      `This request needs the scope "${access.scope}", which the access token does not grant.`,
      {
        headers: auth.challenge('insufficientScope', access.scope),
      },
    );
  }
}

/** The access a declaration's optional scope stands for: that scope, or any valid token. */
export function accessFor(scope: string | undefined): RouteAccess {
  return scope === undefined ? 'authenticated' : { scope };
}

/** True when the caller could pass {@link requireAccess} for this scope (undefined: any token). */
export function hasScope(
  auth: Authenticator | undefined,
  principal: Principal | undefined,
  scope: string | undefined,
): boolean {
  if (!auth) return true;
  if (!principal) return false;
  return scope === undefined || principal.scopes.has(scope);
}
