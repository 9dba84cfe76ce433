import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audience, startHarness, type Harness } from './testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.useAuth());
afterAll(() => h.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = () => ({
  iss: h.issuer,
  aud: audience,
  sub: 'admin',
  client_id: 'admin',
  scope: 'notes:read notes:write',
  exp: Math.floor(Date.now() / 1000) + 600,
});

async function expectRefused(token: string, reason: RegExp) {
  const res = await h.send('GET', '/v1/notes', { authorization: `Bearer ${token}` });
  expect(res.status).toBe(401);
  expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="api", error="invalid_token"/);
  expect(res.headers['www-authenticate']).toMatch(reason);
  expect(res.json).toEqual({ message: expect.any(String), documentation_url: '/v1/errors/1016' });
}

describe('forged and misdirected tokens get 401', () => {
  it('alg none', async () => {
    await expectRefused(`${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims())}.`, /algorithm|invalid/);
  });

  it('HMAC signed with the issuer public key as the secret', async () => {
    const jwks = (await h.send('GET', '/oauth/jwks')).json;
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: jwks.keys[0].kid })
      .sign(secret);
    await expectRefused(token, /algorithm/);
  });

  it('a jku or x5u header pointing at the attacker own keys', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    for (const header of [{ jku: 'http://127.0.0.1:1/jwks' }, { x5u: 'http://127.0.0.1:1/cert' }]) {
      const token = await new SignJWT(claims())
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', ...header })
        .sign(privateKey);
      await expectRefused(token, /names its own key/);
    }
  });

  it('a key the issuer never published', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'attacker' })
      .sign(privateKey);
    await expectRefused(token, /unknown key/);
  });

  it('a tampered payload, also while the genuine token (same signature) is remembered as verified', async () => {
    const { access_token } = await h.token('reader', 'reader-secret');
    const [header, , signature] = access_token.split('.');
    const tampered = `${header}.${b64({ ...claims(), sub: 'reader' })}.${signature}`;
    await expectRefused(tampered, /signature/);
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` })).status).toBe(200);
    await expectRefused(tampered, /signature/);
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` })).status).toBe(200);
  });

  it('an expired token (clock moved past exp plus leeway)', async () => {
    const { access_token } = await h.token('admin', 'admin-secret');
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` })).status).toBe(200);
    h.useAuth({ now: () => Date.now() + 3 * 3600 * 1000 });
    await expectRefused(access_token, /expired/);
  });

  it('a token issued an hour in the future (iat beyond the leeway), but one a few seconds ahead is fine', async () => {
    const { access_token } = await h.token('admin', 'admin-secret');
    h.useAuth({ now: () => Date.now() - 3600 * 1000 });
    await expectRefused(access_token, /iat/);
    h.useAuth({ now: () => Date.now() - 3 * 1000 });
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` })).status).toBe(200);
  });

  it('a token for another audience', async () => {
    const { access_token } = await h.token('admin', 'admin-secret');
    h.useAuth({ audience: 'http://other-api.test' });
    await expectRefused(access_token, /aud/);
  });

  it('a token from another issuer', async () => {
    const { access_token } = await h.token('admin', 'admin-secret');
    h.useAuth({ issuer: 'http://127.0.0.1:1/elsewhere', jwksUri: `${h.issuer}/jwks` });
    await expectRefused(access_token, /iss/);
  });

  it('an ID-token-like JWT without the access token typ', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    void publicKey;
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'x' })
      .sign(privateKey);
    await expectRefused(token, /invalid|unknown key/);
  });
});

describe('keys and key rotation', () => {
  it('picks up a new signing key by its kid, and still accepts tokens signed with the old one', async () => {
    const before = (await h.token('admin', 'admin-secret')).access_token;
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${before}` })).status).toBe(200);
    await h.authServer.rotateKey();
    const after = (await h.token('admin', 'admin-secret')).access_token;
    const kid = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid;
    expect(kid(after)).not.toBe(kid(before));
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${after}` })).status).toBe(200);
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${before}` })).status).toBe(200);
  });

  it('verifies against keys given in process without fetching any, and follows a rotation', async () => {
    h.useAuth({ keys: () => h.authServer.publicKeys() });
    const fetchedBefore = h.jwksRequests();
    const before = (await h.token('admin', 'admin-secret')).access_token;
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${before}` })).status).toBe(200);
    await h.authServer.rotateKey();
    const after = (await h.token('admin', 'admin-secret')).access_token;
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${after}` })).status).toBe(200);
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${before}` })).status).toBe(200);
    // A key the issuer never had is still refused.
    const { privateKey } = await generateKeyPair('ES256');
    await expectRefused(
      await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'stranger' }).sign(privateKey),
      /unknown key/,
    );
    expect(h.jwksRequests()).toBe(fetchedBefore);
  });

  it('does not trust a public key sent along by the client', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', jwk: await exportJWK(publicKey) })
      .sign(privateKey);
    await expectRefused(token, /names its own key/);
  });
});

describe('when the authorization server fails', () => {
  it('answers 500 (not 401) when the key set cannot be fetched, and logs nothing to the client', async () => {
    const { access_token } = await h.token('admin', 'admin-secret');
    h.useAuth({ jwksUri: `${h.origin}/oauth/no-such-jwks` });
    const res = await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ error: 'Internal server error' });
  });
});
