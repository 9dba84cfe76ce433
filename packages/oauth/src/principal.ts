import type { OAuthPrincipal } from './types.js';

/** Scope sets by their `scope` claim: the tokens of one client share one set instead of a copy each. */
const sharedScopes = new Map<string, ReadonlySet<string>>();
const maxSharedScopes = 1_000;

/** Scopes from the `scope` claim (space-separated, RFC 9068) or a `scp` array, as some issuers send. */
function scopesOf(claims: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  if (typeof claims.scope === 'string') {
    const known = sharedScopes.get(claims.scope);
    if (known) return known;
    const scopes: ReadonlySet<string> = new Set(claims.scope.split(' ').filter(Boolean));
    if (sharedScopes.size < maxSharedScopes) sharedScopes.set(claims.scope, scopes);
    return scopes;
  }
  if (Array.isArray(claims.scp)) return new Set(claims.scp.filter((s): s is string => typeof s === 'string'));
  return new Set();
}

/** The caller described by a token's claims (or an introspection answer). */
export function principalFrom(claims: Readonly<Record<string, unknown>>): OAuthPrincipal {
  const clientId =
    typeof claims.client_id === 'string' ? claims.client_id : typeof claims.azp === 'string' ? claims.azp : undefined;
  const subject = typeof claims.sub === 'string' ? claims.sub : (clientId ?? '');
  return { subject, ...(clientId ? { clientId } : {}), scopes: scopesOf(claims), claims };
}

/**
 * Rough bytes a remembered token holds: the token string, its claims as JSON (object overhead
 * about doubles that) and the principal itself. Used to bound the cache by memory.
 */
export function principalBytes(token: string, principal: unknown): number {
  return token.length + 2 * JSON.stringify((principal as OAuthPrincipal).claims).length + 200;
}

/** True when an `aud` claim (a string or a list) names the audience. */
export function audienceMatches(aud: unknown, audience: string): boolean {
  return aud === audience || (Array.isArray(aud) && aud.includes(audience));
}
