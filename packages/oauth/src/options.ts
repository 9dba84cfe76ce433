import { CorralError } from '@corral/errors';
import type { JSONWebKeySet } from 'jose';
/** Settings of {@link oauth}. `issuer`, `audience` and `algorithms` are required: there is no safe default. */
export interface OAuthOptions {
  /** The authorization server's issuer identifier, exactly as it appears in the `iss` claim. */
  readonly issuer: string;
  /** This API's identifier, which must appear in the token's `aud` claim. */
  readonly audience: string;
  /** Accepted signature algorithms, e.g. `['ES256', 'RS256']`. Only asymmetric ones are allowed. */
  readonly algorithms: readonly string[];
  /** The issuer's key set; discovered from its metadata when omitted. */
  readonly jwksUri?: string;
  /**
   * The issuer's public keys given in process instead of fetched (an authorization server embedded
   * in the same process: `keys: () => server.publicKeys()`). Called for each token that is not in
   * the cache; return the same object while the keys are unchanged. Excludes `jwksUri`.
   */
  readonly keys?: () => JSONWebKeySet | Promise<JSONWebKeySet>;
  /** Required `typ` header of JWT access tokens (default `at+jwt`, RFC 9068); `null` accepts any. */
  readonly tokenType?: string | null;
  /** Leeway for `exp` and `nbf`, in seconds (default 5). */
  readonly clockToleranceSeconds?: number;
  /** The realm named in WWW-Authenticate (default `api`). */
  readonly realm?: string;
  /** Checks opaque (non-JWT) tokens with RFC 7662 token introspection. */
  readonly introspection?: IntrospectionOptions;
  /** How many verified tokens to remember until they expire (default 10 000; 0 turns it off). */
  readonly cacheSize?: number;
  /**
   * Most memory, in bytes as estimated from each token and its claims, the remembered tokens may
   * take (default 32 MiB).
   */
  readonly cacheBytes?: number;
  /** Time limit for calls to the authorization server, in ms (default 5000). */
  readonly timeoutMs?: number;
  /** Least time between two key-set downloads, in ms (default 30 000); a token with an unknown key id triggers one. */
  readonly jwksCooldownMs?: number;
  /** The time, in ms since the epoch, used to check expiry (default `Date.now`); for tests and clock-skewed hosts. */
  readonly now?: () => number;
  /** Accept a plain-http issuer that is not on a loopback address (never do this in production). */
  readonly allowInsecureIssuer?: boolean;
}

/** How this API authenticates itself at the introspection endpoint. */
export interface IntrospectionOptions {
  /** This API's client id at the authorization server. */
  readonly clientId: string;
  /** Secret paired with `clientId`; keep it out of source control. */
  readonly clientSecret: string;
  /** Discovered from the issuer's metadata when omitted. */
  readonly endpoint?: string;
  /** How long an introspection answer is reused, in ms (default 10 000; never past the token's expiry). */
  readonly cacheTtlMs?: number;
}

const asymmetric = /^(RS|PS|ES)(256|384|512)$|^EdDSA$|^Ed25519$|^ES256K$/;
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Refuses configurations that would accept forged or misdirected tokens; thrown at startup. */
export function checkOptions(options: Partial<OAuthOptions> | undefined): asserts options is OAuthOptions {
  if (!options?.issuer) throw new CorralError('CORRAL_OAUTH_OPTION_MISSING', 'oauth(): `issuer` is required');
  if (!options.audience)
    throw new CorralError(
      'CORRAL_OAUTH_OPTION_MISSING',
      'oauth(): `audience` is required, so that tokens meant for other APIs are refused',
    );
  if (!options.algorithms || options.algorithms.length === 0)
    throw new CorralError('CORRAL_OAUTH_OPTION_MISSING', 'oauth(): `algorithms` is required, e.g. ["ES256"]');
  for (const alg of options.algorithms) {
    if (!asymmetric.test(alg))
      throw new CorralError(
        'CORRAL_OAUTH_ALGORITHM_REFUSED',
        `oauth(): algorithm "${alg}" is not accepted; use asymmetric ones such as ES256, RS256 or EdDSA`,
      );
  }
  let url: URL;
  try {
    url = new URL(options.issuer);
  } catch {
    throw new CorralError('CORRAL_OAUTH_INVALID_ISSUER', `oauth(): issuer "${options.issuer}" is not an absolute URL`);
  }
  if (options.keys && options.jwksUri)
    throw new CorralError(
      'CORRAL_OAUTH_KEYS_CONFLICT',
      "oauth(): give the issuer's keys either in process (`keys`) or by URL (`jwksUri`), not both",
    );
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && (loopbackHosts.has(url.hostname) || options.allowInsecureIssuer))
  ) {
    throw new CorralError(
      'CORRAL_OAUTH_INVALID_ISSUER',
      `oauth(): issuer "${options.issuer}" must use https (plain http is allowed on loopback addresses only)`,
    );
  }
}
