import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('opaque tokens through RFC 7662 introspection', () => {
  it('refuses opaque tokens when introspection is not configured', async () => {
    h.useAuth();
    const { access_token } = await h.token('opaque', 'opaque-secret');
    expect(access_token.split('.')).toHaveLength(1);
    const res = await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/introspect/);
  });

  it('accepts an active opaque token with its scopes, and refuses it once revoked', async () => {
    h.useAuth({ introspection: { clientId: 'api', clientSecret: 'api-secret', cacheTtlMs: 0 } });
    const { access_token } = await h.token('opaque', 'opaque-secret');
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` })).status).toBe(200);
    const write = await h.send('DELETE', '/v1/notes', { authorization: `Bearer ${access_token}` });
    expect(write.status).toBe(403);

    const revoked = await h.send(
      'POST',
      '/oauth/token/revocation',
      { authorization: basic('opaque', 'opaque-secret'), 'content-type': 'application/x-www-form-urlencoded' },
      `token=${access_token}`,
    );
    expect(revoked.status).toBe(200);
    const after = await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` });
    expect(after.status).toBe(401);
    expect(after.headers['www-authenticate']).toMatch(/not active/);
  });

  it('refuses an unknown opaque token', async () => {
    h.useAuth({ introspection: { clientId: 'api', clientSecret: 'api-secret', cacheTtlMs: 0 } });
    expect((await h.send('GET', '/v1/notes', { authorization: 'Bearer made-up-token-value' })).status).toBe(401);
  });

  it('reuses an answer within the cache time, so a revocation is seen after at most that long', async () => {
    let now = Date.now();
    h.useAuth({ introspection: { clientId: 'api', clientSecret: 'api-secret', cacheTtlMs: 60_000 }, now: () => now });
    const { access_token } = await h.token('opaque', 'opaque-secret');
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` })).status).toBe(200);
    await h.send(
      'POST',
      '/oauth/token/revocation',
      { authorization: basic('opaque', 'opaque-secret'), 'content-type': 'application/x-www-form-urlencoded' },
      `token=${access_token}`,
    );
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` })).status).toBe(200);
    now += 61_000;
    expect((await h.send('GET', '/v1/notes', { authorization: `Bearer ${access_token}` })).status).toBe(401);
  });
});
