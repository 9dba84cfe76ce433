import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthorizationServer, hashPassword } from '@corral/auth-server';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from './config.js';
import { signInAs } from './testing/sign-in.js';
import { type RunningZoo, startZoo } from './testing/start-zoo.js';

const send = (zoo: RunningZoo, method: string, path: string, token: string, body?: unknown) =>
  fetch(`${zoo.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('people signing in to the zoo (demo people, code + PKCE)', () => {
  let zoo: RunningZoo;
  beforeAll(async () => {
    zoo = await startZoo();
  });
  afterAll(() => zoo.close());

  it('advertises the authorization endpoint with PKCE S256 in its metadata', async () => {
    const metadata = await (await zoo.get('/oauth/.well-known/oauth-authorization-server')).json();
    expect(metadata).toMatchObject({
      authorization_endpoint: `${zoo.origin}/oauth/auth`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      end_session_endpoint: `${zoo.origin}/oauth/session/end`,
      revocation_endpoint: `${zoo.origin}/oauth/token/revocation`,
    });
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  });

  it('signs admin in with every scope: the token reads and writes on the API', async () => {
    const tokens = await zoo.signIn('admin', 'admin-password');
    expect(decodeJwt(tokens.access_token)).toMatchObject({ sub: 'admin', client_id: 'corral-admin' });
    expect(tokens.scope.split(' ')).toEqual(expect.arrayContaining(['staff:write', 'salary:read', 'webhooks:write']));
    expect((await zoo.get('/v1/employees', tokens.access_token)).status).toBe(200);
    const created = await send(zoo, 'POST', '/v1/zoos', tokens.access_token, { name: 'Bern Zoo', city: 'Bern' });
    expect(created.status).toBe(201);
  });

  it('signs viewer in with the read scopes only: reads pass, a write is refused with 403', async () => {
    const tokens = await zoo.signIn('viewer', 'viewer-password');
    expect(tokens.scope.split(' ').sort()).toEqual(['crm:read', 'salary:read', 'staff:read', 'zoo:read']);
    expect((await zoo.get('/v1/zoos', tokens.access_token)).status).toBe(200);
    const refused = await send(zoo, 'POST', '/v1/zoos', tokens.access_token, { name: 'Nope', city: 'Bern' });
    expect(refused.status).toBe(403);
    // Asking for a write scope gives nothing more.
    const asked = await zoo.signIn('viewer', 'viewer-password', 'zoo:read zoo:write');
    expect(asked.scope).toBe('zoo:read');
    expect((await send(zoo, 'POST', '/v1/zoos', asked.access_token, { name: 'Nope', city: 'Bern' })).status).toBe(403);
  });

  it('serves its login page with a Content-Security-Policy of its own origin and no framing', async () => {
    const query = new URLSearchParams({
      client_id: 'corral-admin',
      response_type: 'code',
      redirect_uri: `${zoo.origin}/admin/callback`,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const start = await fetch(`${zoo.origin}/oauth/auth?${query}`, { redirect: 'manual' });
    expect(start.status).toBe(303);
    const cookie = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(start.headers.get('location')!, zoo.origin), { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    expect(await page.text()).toContain('<form method="post"');
  });

  it('refuses a wrong password at the login page', async () => {
    await expect(zoo.signIn('admin', 'wrong')).rejects.toThrow(/login form: expected 303, got 401/);
  });
});

describe('rate limits of people signed in to the admin client', () => {
  it('gives each person a quota of their own: one using theirs up does not hold up another', async () => {
    const zoo = await startZoo({ RATE_LIMIT: '3' });
    try {
      const viewer = await zoo.signIn('viewer', 'viewer-password');
      const admin = await zoo.signIn('admin', 'admin-password');
      for (let request = 0; request < 3; request++)
        expect((await zoo.get('/v1/zoos', viewer.access_token)).status).toBe(200);
      expect((await zoo.get('/v1/zoos', viewer.access_token)).status).toBe(429);
      expect((await zoo.get('/v1/zoos', admin.access_token)).status).toBe(200);
    } finally {
      await zoo.close();
    }
  });
});

describe('authorization requests under a flood', () => {
  it('counts them per address with the token requests, so one address cannot flood out the sign-ins in progress', async () => {
    const zoo = await startZoo({ RATE_LIMIT_TOKENS: '3' });
    try {
      const query = new URLSearchParams({
        client_id: 'corral-admin',
        response_type: 'code',
        redirect_uri: `${zoo.origin}/admin/callback`,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
      const flood = await Promise.all(
        Array.from({ length: 8 }, () => fetch(`${zoo.origin}/oauth/auth?${query}`, { redirect: 'manual' })),
      );
      const statuses = flood.map((res) => res.status).sort();
      expect(statuses).toEqual([303, 303, 303, 429, 429, 429, 429, 429]);
      expect(flood.find((res) => res.status === 429)!.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await zoo.close();
    }
  });
});

describe('OAUTH_USERS', () => {
  it('replaces the demo people', async () => {
    const users = [{ username: 'keeper', passwordHash: await hashPassword('keeper-pass'), scopes: ['zoo:read'] }];
    const zoo = await startZoo({ OAUTH_USERS: JSON.stringify(users) });
    try {
      const tokens = await zoo.signIn('keeper', 'keeper-pass');
      expect(tokens.scope).toBe('zoo:read');
      await expect(zoo.signIn('admin', 'admin-password')).rejects.toThrow(/got 401/);
    } finally {
      await zoo.close();
    }
  });

  it('stops the start with a clear error for JSON that is not a list of people', () => {
    expect(() => configFromEnv({ OAUTH_USERS: '[{' })).toThrow(/OAUTH_USERS must be a JSON array .* not JSON/);
    expect(() => configFromEnv({ OAUTH_USERS: '{}' })).toThrow(/OAUTH_USERS must be a JSON array/);
    expect(() => configFromEnv({ OAUTH_USERS: '[{"username":"a","passwordHash":"plain","scopes":[]}]' })).toThrow(
      /OAUTH_USERS\[0\]\.passwordHash/,
    );
    expect(() => configFromEnv({ OAUTH_USERS: '[{"username":"a","passwordHash":"scrypt$1","scopes":"x"}]' })).toThrow(
      /OAUTH_USERS\[0\]\.scopes/,
    );
  });

  it('stops the start for a hash the server cannot read', async () => {
    const bad = JSON.stringify([{ username: 'a', passwordHash: 'scrypt$x', scopes: [] }]);
    await expect(startZoo({ OAUTH_USERS: bad })).rejects.toThrow(/users\[0\]\.passwordHash/);
  });
});

describe('the admin client with an external issuer', () => {
  let issuerServer: Server;
  let issuer: string;
  let zoo: RunningZoo;
  beforeAll(async () => {
    issuerServer = createServer();
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}/sso`;
    zoo = await startZoo({
      OAUTH_ISSUER: issuer,
      OAUTH_AUDIENCE: 'urn:zoo',
      OAUTH_ALGORITHMS: 'ES256',
      ADMIN_CLIENT_ID: 'zoo-admin-app',
    });
    // The external issuer knows the admin by the id ADMIN_CLIENT_ID names, with the zoo's callback.
    const external = await createAuthorizationServer({
      issuer,
      audience: 'urn:zoo',
      clients: [],
      users: [{ username: 'ext', passwordHash: await hashPassword('ext-pass'), scopes: ['zoo:read'] }],
      publicClients: [{ clientId: 'zoo-admin-app', redirectUris: [`${zoo.origin}/admin/callback`] }],
    });
    issuerServer.on('request', external.handle);
  });
  afterAll(async () => {
    await zoo.close();
    issuerServer.closeAllConnections();
    await new Promise((resolve) => issuerServer.close(resolve));
  });

  it('reads ADMIN_CLIENT_ID, and names the callback under PUBLIC_URL', () => {
    const env = { OAUTH_ISSUER: issuer, OAUTH_AUDIENCE: 'urn:zoo', PUBLIC_URL: 'https://zoo.example' };
    expect(configFromEnv({ ...env, ADMIN_CLIENT_ID: 'zoo-admin-app' }).admin).toEqual({
      clientId: 'zoo-admin-app',
      redirectUri: 'https://zoo.example/admin/callback',
      postLogoutRedirectUri: 'https://zoo.example/admin',
    });
    expect(configFromEnv(env).admin.clientId).toBeUndefined();
    expect(configFromEnv({}).admin.clientId).toBe('corral-admin');
  });

  it('accepts the tokens people get from the external issuer, and serves no login page of its own', async () => {
    expect((await zoo.get('/oauth/auth')).status).toBe(404);
    const tokens = await signInAs(
      { issuer, clientId: 'zoo-admin-app', redirectUri: `${zoo.origin}/admin/callback` },
      'ext',
      'ext-pass',
    );
    expect((await zoo.get('/v1/zoos', tokens.access_token)).status).toBe(200);
    expect((await send(zoo, 'POST', '/v1/zoos', tokens.access_token, { name: 'X', city: 'Y' })).status).toBe(403);
  });
});
