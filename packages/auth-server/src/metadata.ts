/** What the server offers, for its metadata document. */
export interface MetadataFacts {
  readonly issuer: string;
  /** Every scope some client or person may have. */
  readonly scopes: readonly string[];
  /** Introspection works only for opaque tokens; advertised only when a client gets those. */
  readonly opaqueTokens: boolean;
  /** People sign in to public clients: the code grant with PKCE, refresh tokens and sign-out. */
  readonly people: boolean;
}

const clientAuthMethods = ['client_secret_basic', 'client_secret_post'];

/**
 * The authorization server metadata (RFC 8414), listing only what is served: the
 * client-credentials grant, its token endpoint and keys, introspection and revocation where they
 * answer, and when people sign in, the authorization endpoint (code + PKCE S256), refresh tokens
 * and the end-session endpoint. No OpenID scopes are listed: the server is for API access.
 */
export function serverMetadata(facts: MetadataFacts): Record<string, unknown> {
  const issuer = facts.issuer.replace(/\/$/, '');
  const authMethods = facts.people ? [...clientAuthMethods, 'none'] : clientAuthMethods;
  const revocation = facts.opaqueTokens || facts.people;
  return {
    issuer: facts.issuer,
    ...(facts.people ? { authorization_endpoint: `${issuer}/auth` } : {}),
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    grant_types_supported: facts.people
      ? ['client_credentials', 'authorization_code', 'refresh_token']
      : ['client_credentials'],
    response_types_supported: facts.people ? ['code'] : [],
    ...(facts.people ? { response_modes_supported: ['query'], code_challenge_methods_supported: ['S256'] } : {}),
    scopes_supported: [...facts.scopes],
    token_endpoint_auth_methods_supported: authMethods,
    ...(facts.opaqueTokens
      ? {
          introspection_endpoint: `${issuer}/token/introspection`,
          introspection_endpoint_auth_methods_supported: clientAuthMethods,
        }
      : {}),
    ...(revocation
      ? { revocation_endpoint: `${issuer}/token/revocation`, revocation_endpoint_auth_methods_supported: authMethods }
      : {}),
    ...(facts.people ? { end_session_endpoint: `${issuer}/session/end` } : {}),
  };
}
