/** What serves a path below the issuer. */
export type RouteKind = 'metadata' | 'provider' | 'token' | 'authorize' | 'login-page' | 'login-form' | 'stylesheet';

/** A served path: who answers it and which methods it takes. */
export interface Route {
  readonly kind: RouteKind;
  readonly allow: readonly string[];
  /** The interaction a login path belongs to. */
  readonly uid?: string;
}

/** What the server offers, which decides the paths it serves. */
export interface RouteFacts {
  /** Some client gets opaque tokens: introspection and revocation answer. */
  readonly opaqueTokens: boolean;
  /** People sign in: the authorization endpoint, login pages, revocation and sign-out answer. */
  readonly people: boolean;
}

const read = ['GET', 'HEAD'];
const post = ['POST'];
const uidPattern = '([A-Za-z0-9_-]{1,64})';

/**
 * The route of a path below the issuer (e.g. `/token`), or undefined for a path not served:
 * oidc-provider's other endpoints (userinfo, registration, its own dev pages) never answer.
 */
export function routeOf(path: string, facts: RouteFacts): Route | undefined {
  if (/^\/\.well-known\/(openid-configuration|oauth-authorization-server)$/.test(path))
    return { kind: 'metadata', allow: read };
  if (path === '/jwks') return { kind: 'provider', allow: read };
  if (path === '/token') return { kind: 'token', allow: post };
  if (path === '/token/introspection' && facts.opaqueTokens) return { kind: 'provider', allow: post };
  if (path === '/token/revocation' && (facts.opaqueTokens || facts.people)) return { kind: 'provider', allow: post };
  if (!facts.people) return undefined;
  // oidc-provider takes these two by GET only (its POST forms are off): a POST gets 405, not its bare 404.
  if (path === '/auth') return { kind: 'authorize', allow: ['GET'] };
  if (new RegExp(`^/auth/${uidPattern}$`).test(path)) return { kind: 'provider', allow: ['GET'] };
  if (path === '/session/end') return { kind: 'provider', allow: ['GET'] };
  if (path === '/session/end/confirm') return { kind: 'provider', allow: post };
  if (path === '/session/end/success') return { kind: 'provider', allow: ['GET'] };
  if (path === '/login.css') return { kind: 'stylesheet', allow: read };
  const login = new RegExp(`^/interaction/${uidPattern}(/login)?$`).exec(path);
  if (login)
    return login[2]
      ? { kind: 'login-form', allow: post, uid: login[1]! }
      : { kind: 'login-page', allow: ['GET'], uid: login[1]! };
  return undefined;
}
