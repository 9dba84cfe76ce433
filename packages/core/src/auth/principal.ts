import type { CorralRequest } from '../http/exchange.js';

/** Who is calling, as an authenticator established it. */
export interface Principal {
  /** The subject of the credential (a user or, for client credentials, the client). */
  readonly subject: string;
  /** OAuth client that obtained the credential, when the credential names one. */
  readonly clientId?: string;
  /** Scopes granted by the credential; routes check theirs against this set. */
  readonly scopes: ReadonlySet<string>;
  /** Everything else the credential said, e.g. the claims of a JWT. */
  readonly claims: Readonly<Record<string, unknown>>;
}

/**
 * The contract between core and an auth adapter such as `@corral/oauth`. `authenticate` returns
 * the principal, `undefined` when the request carries no credential at all, and throws an
 * `ApiError` (401 or 400) for a credential it refuses.
 */
export interface Authenticator {
  /** Reads and verifies the request's credential; called only for routes that are not public. */
  authenticate(request: CorralRequest): Promise<Principal | undefined>;
  /** Headers for a 401 or 403, e.g. `WWW-Authenticate`. `scope` is the scope that was missing. */
  challenge(kind: 'missing' | 'insufficientScope', scope?: string): Record<string, string>;
}
