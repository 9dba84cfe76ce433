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
  /**
   * People who may sign in at the login page. With users and `publicClients`, the server also
   * serves the authorization code grant with PKCE, a login page, refresh tokens and sign-out.
   */
  readonly users?: readonly UserAccount[];
  /** Browser apps people sign in to with the authorization code grant and PKCE. */
  readonly publicClients?: readonly PublicClientDefinition[];
  /** Lifetime of the access tokens people get, in seconds (default 900); refresh tokens renew them. */
  readonly userAccessTokenTtlSeconds?: number;
  /** Lifetime of a sign-in (and of its refresh tokens) in seconds (default 8 hours). */
  readonly sessionTtlSeconds?: number;
  /** Limits on failed sign-ins, per user name and per client address. */
  readonly loginLimits?: LoginLimits;
}

/** A person who signs in at the login page with a user name and password. */
export interface UserAccount {
  /** Name typed at the login page; the `sub` of the person's tokens. */
  readonly username: string;
  /** scrypt hash of the password, as `hashPassword()` or the `corral-hash-password` command make it. */
  readonly passwordHash: string;
  /** The most the person's tokens may carry: what an app asks for, narrowed to these. */
  readonly scopes: readonly string[];
}

/**
 * A browser app people sign in to (such as an admin UI): a public client, with no secret, that
 * uses the authorization code grant with PKCE (S256) and gets refresh tokens.
 */
export interface PublicClientDefinition {
  /** Its `client_id`. */
  readonly clientId: string;
  /** Where the server may send people back with a code (exact match), e.g. `https://host/admin/callback`. */
  readonly redirectUris: readonly string[];
  /** Where sign-out (the end-session endpoint) may send people afterwards (exact match); default none. */
  readonly postLogoutRedirectUris?: readonly string[];
}

/** How many failed sign-ins are allowed before the login page asks people to wait. */
export interface LoginLimits {
  /** Failed attempts for one user name per window (default 5). */
  readonly perUser?: number;
  /** Failed attempts from one client address per window (default 20). */
  readonly perAddress?: number;
  /** Length of the window in seconds (default 300). */
  readonly windowSeconds?: number;
}
