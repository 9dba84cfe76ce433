import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';

/** A fresh ES256 signing key as a private JWK with a unique key id. */
export async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

/** Members of an EC or RSA private JWK that must never leave the server. */
const privateMembers = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** The public half of a signing key, as the JWKS endpoint publishes it. */
export function publicKeyOf(key: JWK): JWK {
  return Object.fromEntries(Object.entries(key).filter(([name]) => !privateMembers.has(name))) as JWK;
}
