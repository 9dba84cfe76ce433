import { ApiError } from '@corral/errors';
import type { Authenticator, Principal } from './principal.js';

/**
 * Checks that a caller may use something guarded by `scope`. Without an authenticator the API is
 * open; with one, every guarded route needs a principal, and the scope when one is named.
 */
export function requireScope(
  auth: Authenticator | undefined,
  principal: Principal | undefined,
  scope: string | undefined,
): void {
  if (!auth) return;
  if (!principal) {
    throw new ApiError('authenticationRequired', 'Authentication is required: send an OAuth 2.0 bearer token in the Authorization header.', {
      headers: auth.challenge('missing'),
    });
  }
  if (scope !== undefined && !principal.scopes.has(scope)) {
    throw new ApiError('accessDenied', `This request needs the scope "${scope}", which the access token does not grant.`, {
      headers: auth.challenge('insufficientScope', scope),
    });
  }
}

/** True when the caller could pass {@link requireScope} for this scope. */
export function hasScope(auth: Authenticator | undefined, principal: Principal | undefined, scope: string | undefined): boolean {
  if (!auth) return true;
  if (!principal) return false;
  return scope === undefined || principal.scopes.has(scope);
}
