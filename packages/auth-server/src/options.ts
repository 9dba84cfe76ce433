/** A client allowed to get tokens with the client-credentials grant. */
export interface ClientDefinition {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Scopes it may have; a token request without `scope` gets all of them. */
  readonly scopes: readonly string[];
  /** Access tokens for this client: signed JWTs (default) or opaque strings checked by introspection. */
  readonly tokenFormat?: 'jwt' | 'opaque';
}

export interface AuthorizationServerOptions {
  /** Issuer identifier, e.g. `http://localhost:3000/oauth`; its path is where the server is mounted. */
  readonly issuer: string;
  /** The API the tokens are for: the `aud` of every access token. */
  readonly audience: string;
  readonly clients: readonly ClientDefinition[];
  /** Lifetime of access tokens in seconds (default 3600). */
  readonly accessTokenTtlSeconds?: number;
  /**
   * Web origins whose pages may call the token endpoint from a browser (e.g. an API docs page);
   * default: the issuer's own origin.
   */
  readonly corsOrigins?: readonly string[];
}
