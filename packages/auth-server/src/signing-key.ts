import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import { CorralError } from '@corral/errors';

/** A fresh ES256 signing key as a private JWK with a unique key id. */
export async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

/** Refuses a signing key the server cannot use: an ES256 private key (P-256, with `d`) with a key id. */
export function checkSigningKey(key: JWK): JWK {
  const usable =
    key.kty === 'EC' &&
    key.crv === 'P-256' &&
    typeof key.d === 'string' &&
    typeof key.x === 'string' &&
    typeof key.y === 'string' &&
    typeof key.kid === 'string' &&
    key.kid !== '';
  if (!usable)
    throw new CorralError(
      'CORRAL_INVALID_SIGNING_KEY',
      'createAuthorizationServer: a signing key must be a private ES256 JWK (kty EC, crv P-256, with d, x, y) with a kid',
    );
  return { ...key, alg: 'ES256', use: 'sig' };
}

/** The members a public JWK of any kind (EC, OKP, RSA) may carry: everything else stays on the server. */
const publicMembers = ['kty', 'crv', 'x', 'y', 'n', 'e', 'kid', 'alg', 'use'] as const;

/** The public half of a signing key, as the JWKS endpoint publishes it, frozen. */
export function publicKeyOf(key: JWK): JWK {
  const kept = publicMembers.filter((name) => key[name] !== undefined).map((name) => [name, key[name]]);
  return Object.freeze(Object.fromEntries(kept)) as JWK;
}
