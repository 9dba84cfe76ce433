import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { invalidToken } from './bearer-token.js';

export interface JwtVerifierOptions {
  readonly issuer: string;
  readonly audience: string;
  readonly algorithms: readonly string[];
  readonly tokenType: string | null;
  readonly clockToleranceSeconds: number;
  readonly realm: string;
  readonly timeoutMs: number;
  readonly jwksCooldownMs: number;
  readonly now: () => number;
  /** Where the issuer's keys are; resolved once, on first use. */
  readonly jwksUri: () => Promise<string>;
  /** The issuer's keys in process; when given, `jwksUri` is never asked. */
  readonly keys?: () => JSONWebKeySet | Promise<JSONWebKeySet>;
}

/** Headers that would make a verifier fetch or trust a key named by the token itself. */
const keyReferences = ['jku', 'x5u', 'jwk', 'x5c'] as const;

/** Words for a client: why its token was refused, without detail an attacker could use. */
function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The access token has expired';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `The access token is not valid for this API (${error.claim} claim)`;
  if (error instanceof errors.JWKSNoMatchingKey) return 'The access token is signed with an unknown key';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The access token signature is invalid';
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'The access token uses a signature algorithm this API does not accept';
  return 'The access token is invalid';
}

/** jose errors that describe the token itself; any other failure happened while getting the keys. */
const tokenFaults = [
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWTInvalid,
  errors.JWTClaimValidationFailed,
  errors.JWTExpired,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JWKInvalid,
];

/**
 * Failures of the key server (down, slow, answering garbage) are the server's problem, not the
 * client's: they become 500s.
 */
function isKeyServerFailure(error: unknown): boolean {
  return !tokenFaults.some((fault) => error instanceof fault);
}

/**
 * Verifies JWT access tokens against the issuer's published keys: signature with an allowed
 * algorithm, `iss`, `aud`, `exp`/`nbf`/`iat` with leeway, and the access-token `typ`.
 */
export function jwtVerifier(options: JwtVerifierOptions): (token: string) => Promise<JWTPayload> {
  let remote: JWTVerifyGetKey | undefined;
  let local: { readonly from: JSONWebKeySet; readonly keySet: JWTVerifyGetKey } | undefined;
  const keySet = async (): Promise<JWTVerifyGetKey> => {
    if (options.keys) {
      const given = await options.keys();
      // Rebuilt only when the issuer hands out another key set (after a rotation).
      if (local?.from !== given) local = { from: given, keySet: createLocalJWKSet(given) };
      return local.keySet;
    }
    return (remote ??= createRemoteJWKSet(new URL(await options.jwksUri()), {
      timeoutDuration: options.timeoutMs,
      cooldownDuration: options.jwksCooldownMs,
    }));
  };

  return async (token) => {
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw invalidToken(options.realm, 'The access token is not a well-formed JWT');
    }
    if (keyReferences.some((name) => header[name] !== undefined)) {
      throw invalidToken(options.realm, "The access token names its own key; only the issuer's key set is trusted");
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await keySet(), {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: [...options.algorithms],
        clockTolerance: options.clockToleranceSeconds,
        requiredClaims: ['exp'],
        currentDate: new Date(options.now()),
        ...(options.tokenType ? { typ: options.tokenType } : {}),
      }));
    } catch (error) {
      if (isKeyServerFailure(error)) throw error;
      throw invalidToken(options.realm, describe(error));
    }
    // jose checks `iat` only against a maximum age; a token claiming to be issued later than now
    // (beyond the leeway) comes from a wrong clock or a forger, and is refused.
    if (typeof payload.iat === 'number' && payload.iat * 1000 > options.now() + options.clockToleranceSeconds * 1000) {
      throw invalidToken(options.realm, 'The access token is not valid for this API (iat claim: issued in the future)');
    }
    return payload;
  };
}
