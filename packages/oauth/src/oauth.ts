import { bearerToken, invalidToken } from './bearer-token.js';
import { bearerChallenge } from './challenge.js';
import { ExpiringCache } from './expiring-cache.js';
import { introspector } from './introspection.js';
import { discoverIssuer, type IssuerMetadata } from './issuer-metadata.js';
import { jwtVerifier } from './jwt-verifier.js';
import { checkOptions, type OAuthOptions } from './options.js';
import { principalBytes, principalFrom } from './principal.js';
import type { BearerAuthenticator, OAuthPrincipal } from './types.js';

/**
 * The end of a token, which the verified-token cache hashes instead of the whole: a JWT ends in its
 * signature (43 characters or more), so 32 of them tell tokens apart as well as all of them.
 */
const tokenTail = (token: string): string => (token.length > 32 ? token.slice(-32) : token);

/** A compact JWS has exactly three dot-separated parts; anything else is treated as opaque. */
function looksLikeJwt(token: string): boolean {
  return token.split('.').length === 3;
}

/**
 * Protects a Corral API as an OAuth 2.0 resource server: pass the result as `createApi({ auth })`.
 * Bearer JWTs are verified against the issuer's keys; opaque tokens go to introspection when
 * configured. Verified tokens are remembered until they expire, so the signature is checked once.
 */
export function oauth(options: OAuthOptions): BearerAuthenticator {
  checkOptions(options);
  const realm = options.realm ?? 'api';
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 5000;
  let metadata: Promise<IssuerMetadata> | undefined;
  let retryAfter = 0;
  const discover = () => {
    // After a failure, wait a little before asking again, so an issuer outage does not turn
    // every request into two slow outgoing calls.
    if (!metadata && now() < retryAfter)
      return Promise.reject(new Error(`Issuer ${options.issuer} was unreachable moments ago`));
    metadata ??= discoverIssuer(options.issuer, timeoutMs).catch((error: unknown) => {
      metadata = undefined;
      retryAfter = now() + 5000;
      throw error;
    });
    return metadata;
  };
  const fromMetadata = (field: 'jwks_uri' | 'introspection_endpoint') => async () => {
    const value = (await discover())[field];
    if (!value) throw new Error(`Issuer ${options.issuer} publishes no ${field}`);
    return value;
  };

  const verifyJwt = jwtVerifier({
    issuer: options.issuer,
    audience: options.audience,
    algorithms: options.algorithms,
    tokenType: options.tokenType === undefined ? 'at+jwt' : options.tokenType,
    clockToleranceSeconds: options.clockToleranceSeconds ?? 5,
    realm,
    timeoutMs,
    jwksCooldownMs: options.jwksCooldownMs ?? 30_000,
    now,
    jwksUri: options.jwksUri ? async () => options.jwksUri! : fromMetadata('jwks_uri'),
    ...(options.keys ? { keys: options.keys } : {}),
  });
  const introspect = options.introspection
    ? introspector({
        ...options.introspection,
        issuer: options.issuer,
        audience: options.audience,
        realm,
        timeoutMs,
        now,
        resolveEndpoint: options.introspection.endpoint
          ? async () => options.introspection!.endpoint!
          : fromMetadata('introspection_endpoint'),
      })
    : undefined;
  const verified = new ExpiringCache<OAuthPrincipal>(
    {
      maxEntries: options.cacheSize ?? 10_000,
      maxBytes: options.cacheBytes ?? 32 * 1024 * 1024,
      sizeOf: principalBytes,
      hashedPart: tokenTail,
    },
    now,
  );
  const leewayMs = (options.clockToleranceSeconds ?? 5) * 1000;

  return {
    async authenticate(request) {
      // One cache look-up per request: a token verified before skips every other step.
      let known: OAuthPrincipal | undefined;
      const token = bearerToken(request, realm, (candidate) => (known = verified.get(candidate)) !== undefined);
      if (token === undefined) return undefined;
      if (known) return known;
      if (!looksLikeJwt(token)) {
        if (introspect) return introspect(token);
        throw invalidToken(realm, 'The access token is not a JWT, and this API does not introspect tokens');
      }
      const claims = await verifyJwt(token);
      const principal = principalFrom(claims);
      verified.set(token, principal, (claims.exp ?? 0) * 1000 + leewayMs);
      return principal;
    },
    challenge(kind, scope) {
      if (kind === 'missing') return { 'www-authenticate': bearerChallenge(realm) };
      return {
        'www-authenticate': bearerChallenge(realm, {
          code: 'insufficient_scope',
          description: `The token lacks the scope ${scope ?? ''}`.trim(),
          ...(scope ? { scope } : {}),
        }),
      };
    },
  };
}
