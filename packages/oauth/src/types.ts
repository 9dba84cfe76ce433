/**
 * The shapes this adapter shares with `@corral/core`. They are declared here rather than imported,
 * so the adapter depends on nothing but the errors package; TypeScript checks that they fit.
 */

/** The parts of an incoming request the adapter reads. */
export interface BearerRequest {
  header(name: string): string | undefined;
  readonly query: URLSearchParams;
}

/** Who is calling, as established from the access token. */
export interface OAuthPrincipal {
  readonly subject: string;
  readonly clientId?: string;
  readonly scopes: ReadonlySet<string>;
  /** Every claim of the token (or every field of the introspection answer). */
  readonly claims: Readonly<Record<string, unknown>>;
}

/** What `createApi({ auth })` expects of an authenticator. */
export interface BearerAuthenticator {
  authenticate(request: BearerRequest): Promise<OAuthPrincipal | undefined>;
  challenge(kind: 'missing' | 'insufficientScope', scope?: string): Record<string, string>;
}
