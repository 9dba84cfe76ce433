import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';

/** A fresh ES256 signing key as a private JWK with a unique key id. */
export async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

/** The members a public JWK of any kind (EC, OKP, RSA) may carry: everything else stays on the server. */
const publicMembers = ['kty', 'crv', 'x', 'y', 'n', 'e', 'kid', 'alg', 'use'] as const;

/** The public half of a signing key, as the JWKS endpoint publishes it, frozen. */
export function publicKeyOf(key: JWK): JWK {
  const kept = publicMembers.filter((name) => key[name] !== undefined).map((name) => [name, key[name]]);
  return Object.freeze(Object.fromEntries(kept)) as JWK;
}
