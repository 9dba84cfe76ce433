import { describe, expect, it } from 'vitest';
import { oauth } from './oauth.js';
import type { OAuthOptions } from './options.js';

const valid: OAuthOptions = {
  issuer: 'https://auth.example/oauth',
  audience: 'https://api.example',
  algorithms: ['ES256'],
};

describe('oauth() refuses to start when misconfigured', () => {
  it('needs issuer, audience and algorithms', () => {
    expect(() => oauth({ ...valid, issuer: '' })).toThrow(/issuer/);
    expect(() => oauth({ ...valid, audience: '' })).toThrow(/audience/);
    expect(() => oauth({ ...valid, algorithms: [] })).toThrow(/algorithms/);
    expect(() => oauth(undefined as unknown as OAuthOptions)).toThrow(/issuer/);
  });

  it('accepts asymmetric algorithms only', () => {
    for (const alg of ['none', 'HS256', 'HS512', 'es256'])
      expect(() => oauth({ ...valid, algorithms: [alg] }), alg).toThrow(/not accepted/);
    for (const alg of ['RS256', 'PS384', 'ES512', 'EdDSA'])
      expect(() => oauth({ ...valid, algorithms: [alg] }), alg).not.toThrow();
  });

  it('wants https, except on loopback or when told otherwise', () => {
    expect(() => oauth({ ...valid, issuer: 'http://auth.example' })).toThrow(/https/);
    expect(() => oauth({ ...valid, issuer: 'not a url' })).toThrow(/absolute URL/);
    expect(() => oauth({ ...valid, issuer: 'http://127.0.0.1:4000/oauth' })).not.toThrow();
    expect(() => oauth({ ...valid, issuer: 'http://localhost:4000/oauth' })).not.toThrow();
    expect(() => oauth({ ...valid, issuer: 'http://auth.internal', allowInsecureIssuer: true })).not.toThrow();
  });

  it("takes the issuer's keys in process or by URL, not both", () => {
    const keys = () => ({ keys: [] });
    expect(() => oauth({ ...valid, keys })).not.toThrow();
    expect(() => oauth({ ...valid, keys, jwksUri: 'https://auth.example/jwks' })).toThrow(
      expect.objectContaining({ code: 'CORRAL_OAUTH_KEYS_CONFLICT' }),
    );
  });
});
