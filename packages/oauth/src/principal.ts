import type { OAuthPrincipal } from './types.js';

/** Scopes from the `scope` claim (space-separated, RFC 9068) or a `scp` array, as some issuers send. */
function scopesOf(claims: Readonly<Record<string, unknown>>): Set<string> {
  if (typeof claims.scope === 'string') return new Set(claims.scope.split(' ').filter(Boolean));
  if (Array.isArray(claims.scp)) return new Set(claims.scp.filter((s): s is string => typeof s === 'string'));
  return new Set();
}

/** The caller described by a token's claims (or an introspection answer). */
export function principalFrom(claims: Readonly<Record<string, unknown>>): OAuthPrincipal {
  const clientId = typeof claims.client_id === 'string' ? claims.client_id : typeof claims.azp === 'string' ? claims.azp : undefined;
  const subject = typeof claims.sub === 'string' ? claims.sub : (clientId ?? '');
  return { subject, ...(clientId ? { clientId } : {}), scopes: scopesOf(claims), claims };
}

/** True when an `aud` claim (a string or a list) names the audience. */
export function audienceMatches(aud: unknown, audience: string): boolean {
  return aud === audience || (Array.isArray(aud) && aud.includes(audience));
}
