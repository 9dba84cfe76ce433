/**
 * The shapes this adapter shares with `@corral/core`. They are declared here rather than imported,
 * so the adapter depends on nothing but the errors package; TypeScript checks that they fit.
 */

/** The parts of an incoming request the adapter reads. */
export interface BearerRequest {
  /** Header value by lower-case name; the token is read from `authorization`. */
  header(name: string): string | undefined;
  /** Only checked so that a token sent in the URL can be refused. */
  readonly query: URLSearchParams;
}

/** Who is calling, as established from the access token. */
export interface OAuthPrincipal {
  /** The `sub` claim, or the client id for tokens issued to a client on its own behalf. */
  readonly subject: string;
  /** From `client_id` or `azp`, when the token names its client. */
  readonly clientId?: string;
  /** Granted scopes, from a space-separated `scope` claim or an `scp` array. */
  readonly scopes: ReadonlySet<string>;
  /** Every claim of the token (or every field of the introspection answer). */
  readonly claims: Readonly<Record<string, unknown>>;
}

/** What `createApi({ auth })` expects of an authenticator. */
export interface BearerAuthenticator {
  /**
   * Verifies the bearer token: undefined when there is none, an ApiError (401 or 400) when it is
   * refused, the caller otherwise.
   */
  authenticate(request: BearerRequest): Promise<OAuthPrincipal | undefined>;
  /** The `WWW-Authenticate` header for a 401 (no token) or a 403 (scope missing, named in `scope`). */
  challenge(kind: 'missing' | 'insufficientScope', scope?: string): Record<string, string>;
}
