import type { JWK } from 'jose';

/** A client allowed to get tokens with the client-credentials grant. */
export interface ClientDefinition {
  /** Name the client authenticates with at the token endpoint. */
  readonly clientId: string;
  /** Shared secret for that authentication (HTTP Basic or form post). */
  readonly clientSecret: string;
  /** Scopes it may have; a token request without `scope` gets all of them. */
  readonly scopes: readonly string[];
  /** Access tokens for this client: signed JWTs (default) or opaque strings checked by introspection. */
  readonly tokenFormat?: 'jwt' | 'opaque';
}

/** Settings of {@link createAuthorizationServer}, the embeddable server for development and tests. */
export interface AuthorizationServerOptions {
  /** Issuer identifier, e.g. `http://localhost:3000/oauth`; its path is where the server is mounted. */
  readonly issuer: string;
  /** The API the tokens are for: the `aud` of every access token. */
  readonly audience: string;
  /** Every client the server knows; a client with no scopes may only authenticate, e.g. to introspect. */
  readonly clients: readonly ClientDefinition[];
  /** Lifetime of access tokens in seconds (default 3600). */
  readonly accessTokenTtlSeconds?: number;
  /**
   * Web origins whose pages may call the token endpoint from a browser (e.g. an API docs page);
   * default: the issuer's own origin.
   */
  readonly corsOrigins?: readonly string[];
  /**
   * Private ES256 JWKs to sign with (the first signs, all are published), e.g. kept in the API's
   * database or a file, so that tokens stay valid across a restart and every instance accepts
   * every other's. A function is called in the background (again after a failure, when a request
   * needs the keys), so that the server starts while the place the keys are kept is away; until
   * then token requests answer 503. Default: a fresh key made at start, known to this process alone.
   */
  readonly signingKeys?: readonly JWK[] | (() => Promise<readonly JWK[]>);
}
