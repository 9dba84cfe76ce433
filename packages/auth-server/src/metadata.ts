/** What the server offers, for its metadata document. */
export interface MetadataFacts {
  readonly issuer: string;
  /** Every scope some client may have. */
  readonly scopes: readonly string[];
  /** Introspection and revocation work only for opaque tokens; advertised only when a client gets those. */
  readonly opaqueTokens: boolean;
}

const clientAuthMethods = ['client_secret_basic', 'client_secret_post'];

/**
 * The authorization server metadata (RFC 8414), listing only what is served: the
 * client-credentials grant, its token endpoint and keys, and introspection and revocation where
 * they answer. No authorization endpoint, no response types, no OpenID scopes: none is offered.
 */
export function serverMetadata(facts: MetadataFacts): Record<string, unknown> {
  const issuer = facts.issuer.replace(/\/$/, '');
  return {
    issuer: facts.issuer,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    grant_types_supported: ['client_credentials'],
    response_types_supported: [],
    scopes_supported: [...facts.scopes],
    token_endpoint_auth_methods_supported: clientAuthMethods,
    ...(facts.opaqueTokens
      ? {
          introspection_endpoint: `${issuer}/token/introspection`,
          introspection_endpoint_auth_methods_supported: clientAuthMethods,
          revocation_endpoint: `${issuer}/token/revocation`,
          revocation_endpoint_auth_methods_supported: clientAuthMethods,
        }
      : {}),
  };
}
