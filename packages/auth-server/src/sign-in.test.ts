import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizationServer, createAuthorizationServer } from './authorization-server.js';
import { hashPassword } from './password-hash.js';

let server: Server;
let auth: AuthorizationServer;
let origin: string;
let redirectUri: string;
const audience = 'http://api.test';

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  redirectUri = `${origin}/admin/callback`;
  auth = await createAuthorizationServer({
    issuer: `${origin}/oauth`,
    audience,
    clients: [{ clientId: 'ci', clientSecret: 'ci-secret', scopes: ['zoo:read'] }],
    users: [
      { username: 'ada', passwordHash: await hashPassword('ada-password'), scopes: ['zoo:read', 'zoo:write'] },
      { username: 'bob', passwordHash: await hashPassword('bob-password'), scopes: ['zoo:read'] },
      { username: 'eve', passwordHash: await hashPassword('eve-password'), scopes: ['zoo:read'] },
    ],
    publicClients: [
      { clientId: 'admin-ui', redirectUris: [redirectUri], postLogoutRedirectUris: [`${origin}/admin/`] },
    ],
    loginLimits: { perUser: 3, perAddress: 50, windowSeconds: 60 },
  });
  server.on('request', auth.handle);
});
afterAll(
  () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
);

/** A minimal browser: keeps cookies (by name) and follows nothing by itself. */
function browser() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await fetch(new URL(url, origin), { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair!.split(/=(.*)/s) as [string, string];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

function authorizeUrl(challenge: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({
    client_id: 'admin-ui',
    response_type: 'code',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st4te',
    scope: 'zoo:read zoo:write',
    ...extra,
  });
  return `${origin}/oauth/auth?${query}`;
}

/** The login form of a page: where it posts and its anti-forgery token. */
function formOf(html: string) {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !csrf) throw new Error(`no login form in ${html}`);
  return { action: action.replaceAll('&amp;', '&'), csrf };
}

/** Opens the login page of a new authorization request; the browser then holds its cookies. */
async function openLogin(go: ReturnType<typeof browser>, challenge: string, extra?: Record<string, string>) {
  const start = await go(authorizeUrl(challenge, extra));
  expect(start.status).toBe(303);
  const page = await go(start.headers.get('location')!);
  expect(page.status).toBe(200);
  const html = await page.text();
  return { page, html, ...formOf(html) };
}

const post = (go: ReturnType<typeof browser>, action: string, fields: Record<string, string>, headers = {}) =>
  go(action, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: new URLSearchParams(fields),
  });

/** Signs in through the login page and follows the redirects to the app's callback; gives the code. */
async function signIn(
  go: ReturnType<typeof browser>,
  username: string,
  password: string,
  challenge: string,
  extra?: Record<string, string>,
) {
  const { action, csrf } = await openLogin(go, challenge, extra);
  const posted = await post(go, action, { csrf, username, password });
  expect(posted.status).toBe(303);
  const back = await go(posted.headers.get('location')!);
  expect(back.status).toBe(303);
  const callback = new URL(back.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
  expect(callback.searchParams.get('state')).toBe('st4te');
  return callback.searchParams.get('code')!;
}

async function token(form: Record<string, string>) {
  const res = await fetch(auth.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const exchange = (code: string, verifier: string) =>
  token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: 'admin-ui',
    code_verifier: verifier,
  });

const verify = (accessToken: string) =>
  jwtVerify(accessToken, createLocalJWKSet(auth.publicKeys()), { issuer: `${origin}/oauth`, audience, typ: 'at+jwt' });

describe('people signing in (authorization code + PKCE)', () => {
  it('signs a person in through the login page and issues a token with their scopes and a refresh token', async () => {
    const go = browser();
    const { verifier, challenge } = pkce();
    const code = await signIn(go, 'ada', 'ada-password', challenge);
    const { status, body } = await exchange(code, verifier);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'zoo:read zoo:write' });
    expect(body.refresh_token).toEqual(expect.any(String));
    const { payload } = await verify(body.access_token!);
    expect(payload).toMatchObject({ sub: 'ada', client_id: 'admin-ui', scope: 'zoo:read zoo:write' });
    // The code is good once.
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it('never gives a person more than their account has, nor more than was asked', async () => {
    const { verifier, challenge } = pkce();
    const code = await signIn(browser(), 'bob', 'bob-password', challenge);
    const { body } = await exchange(code, verifier);
    expect((await verify(body.access_token!)).payload).toMatchObject({ sub: 'bob', scope: 'zoo:read' });
    const narrow = pkce();
    const code2 = await signIn(browser(), 'ada', 'ada-password', narrow.challenge, { scope: 'zoo:read' });
    expect((await exchange(code2, narrow.verifier)).body.scope).toBe('zoo:read');
    // No scope asked for: everything the account has.
    const all = pkce();
    const url = new URL(authorizeUrl(all.challenge));
    url.searchParams.delete('scope');
    const go = browser();
    const start = await go(url.href);
    const { action, csrf } = formOf(await (await go(start.headers.get('location')!)).text());
    const posted = await post(go, action, { csrf, username: 'ada', password: 'ada-password' });
    const back = await go(posted.headers.get('location')!);
    const code3 = new URL(back.headers.get('location')!).searchParams.get('code')!;
    expect((await exchange(code3, all.verifier)).body.scope).toBe('zoo:read zoo:write');
  });

  it('sends a person with none of the scopes asked for back to the app with access_denied', async () => {
    const go = browser();
    const { action, csrf } = await openLogin(go, pkce().challenge, { scope: 'zoo:write' });
    const posted = await post(go, action, { csrf, username: 'bob', password: 'bob-password' });
    const back = await go(posted.headers.get('location')!);
    const callback = new URL(back.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('requires PKCE with S256: no challenge, the plain method, or a wrong verifier are refused', async () => {
    const go = browser();
    const bare = new URL(authorizeUrl('x'));
    bare.searchParams.delete('code_challenge');
    bare.searchParams.delete('code_challenge_method');
    const noChallenge = await go(bare.href);
    expect(noChallenge.status).toBe(303);
    expect(new URL(noChallenge.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const { verifier } = pkce();
    const plain = await go(authorizeUrl(verifier, { code_challenge_method: 'plain' }));
    const refused = new URL(plain.headers.get('location')!);
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('error_description')).toMatch(/code_challenge_method/);
    const { challenge } = pkce();
    const code = await signIn(browser(), 'bob', 'bob-password', challenge);
    const wrong = await exchange(code, pkce().verifier);
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('says the same for a wrong password and an unknown user name, and keeps the name typed', async () => {
    const go = browser();
    const { action, csrf } = await openLogin(go, pkce().challenge);
    const wrongPassword = await post(go, action, { csrf, username: 'bob', password: 'nope' });
    const unknownUser = await post(go, action, { csrf, username: 'nobody', password: 'nope' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    const [a, b] = [await wrongPassword.text(), await unknownUser.text()];
    expect(a).toContain('Wrong user name or password.');
    expect(a.replace('value="bob"', '')).toBe(b.replace('value="nobody"', ''));
  });

  it('limits failed sign-ins per user name: 429 and a page asking to wait, even with the right password', async () => {
    const go = browser();
    const { action, csrf } = await openLogin(go, pkce().challenge);
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await post(go, action, { csrf, username: 'eve', password: 'guess' })).status).toBe(401);
    const limited = await post(go, action, { csrf, username: 'eve', password: 'eve-password' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toMatch(/Too many failed sign-ins\. Wait \d+ seconds/);
    // Another person is not held up.
    const other = await post(go, action, { csrf, username: 'bob', password: 'bob-password' });
    expect(other.status).toBe(303);
  });

  it('refuses a login form posted from another site, or without the token of its sign-in', async () => {
    const go = browser();
    const { action, csrf } = await openLogin(go, pkce().challenge);
    const fields = { csrf, username: 'bob', password: 'bob-password' };
    const foreign = await post(go, action, fields, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(foreign.status).toBe(403);
    const noToken = await post(go, action, { username: 'bob', password: 'bob-password' });
    expect(noToken.status).toBe(403);
    // The token of another sign-in does not fit this one.
    const other = await openLogin(browser(), pkce().challenge);
    expect((await post(go, action, { ...fields, csrf: other.csrf })).status).toBe(403);
    // Without the sign-in's cookie (which SameSite keeps off cross-site posts) the sign-in is unknown.
    const stranger = await post(browser(), action, fields);
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('no longer valid');
    const huge = await post(go, action, { ...fields, password: 'x'.repeat(10_000) });
    expect(huge.status).toBe(413);
    // The refusals changed nothing: the real form still works.
    expect((await post(go, action, fields)).status).toBe(303);
  });

  it('serves the login page with a strict Content-Security-Policy, SameSite cookies and its own stylesheet', async () => {
    const go = browser();
    const start = await go(authorizeUrl(pkce().challenge));
    for (const cookie of start.headers.getSetCookie()) expect(cookie.toLowerCase()).toContain('samesite=lax');
    const { page, html } = await openLogin(go, pkce().challenge);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|https?:/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(html).not.toMatch(/<script|<style|style=|https?:\/\//);
    const css = await fetch(`${origin}/oauth/login.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('rotates refresh tokens: each is good once, and reusing an old one ends the grant', async () => {
    const { verifier, challenge } = pkce();
    const first = (await exchange(await signIn(browser(), 'ada', 'ada-password', challenge), verifier)).body;
    const refresh = (refreshToken: string) =>
      token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'admin-ui' });
    const second = await refresh(first.refresh_token!);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await verify(second.body.access_token!)).payload).toMatchObject({
      sub: 'ada',
      scope: 'zoo:read zoo:write',
    });
    expect(await refresh(first.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The replay revoked the whole grant: the newer token is gone too.
    expect((await refresh(second.body.refresh_token!)).status).toBe(400);
  });

  it('signs out: a revoked refresh token, and the end-session page, end the sign-in', async () => {
    const go = browser();
    const { verifier, challenge } = pkce();
    const tokens = (await exchange(await signIn(go, 'ada', 'ada-password', challenge), verifier)).body;
    const revoked = await fetch(`${origin}/oauth/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token!, client_id: 'admin-ui' }),
    });
    expect(revoked.status).toBe(200);
    const again = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: 'admin-ui',
    });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    // The browser's sign-in session still lets the app in without a password...
    const silent = pkce();
    const resumed = await go(authorizeUrl(silent.challenge));
    expect(resumed.headers.get('location')).toMatch(/\/oauth\/interaction\//);
    // The interaction needs no page: it goes straight back to the authorization, then to the app.
    const granted = await go(resumed.headers.get('location')!);
    expect(granted.status).toBe(303);
    const back = await go(granted.headers.get('location')!);
    const code = new URL(back.headers.get('location')!).searchParams.get('code');
    const kept = (await exchange(code!, silent.verifier)).body;
    expect(kept.refresh_token).toEqual(expect.any(String));
    // ...until the person signs out at the end-session endpoint.
    const query = new URLSearchParams({ client_id: 'admin-ui', post_logout_redirect_uri: `${origin}/admin/` });
    const confirm = await go(`${origin}/oauth/session/end?${query}`);
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await confirm.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await post(go, action, { xsrf, logout: 'yes' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${origin}/admin/`);
    const afterwards = await token({
      grant_type: 'refresh_token',
      refresh_token: kept.refresh_token!,
      client_id: 'admin-ui',
    });
    expect(afterwards.status).toBe(400);
    // Signing in again asks for the password.
    const fresh = await go(authorizeUrl(pkce().challenge));
    expect(fresh.headers.get('location')).toMatch(/\/oauth\/interaction\//);
    expect((await go(fresh.headers.get('location')!)).status).toBe(200);
  });
});

describe('a key rotation during sign-ins', () => {
  it('keeps open sign-ins and refresh tokens: the new key signs the next access token', async () => {
    const { verifier, challenge } = pkce();
    const first = (await exchange(await signIn(browser(), 'bob', 'bob-password', challenge), verifier)).body;
    const go = browser();
    const open = pkce();
    const { action, csrf } = await openLogin(go, open.challenge);
    await auth.rotateKey();
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: 'admin-ui',
    });
    expect(refreshed.status).toBe(200);
    const { protectedHeader } = await verify(refreshed.body.access_token!);
    expect(protectedHeader.kid).toBe(auth.publicKeys().keys[0]!.kid);
    // The login page opened before the rotation still signs in.
    const posted = await post(go, action, { csrf, username: 'bob', password: 'bob-password' });
    expect(posted.status).toBe(303);
    const back = await go(posted.headers.get('location')!);
    const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
    expect((await exchange(code, open.verifier)).status).toBe(200);
  });
});

describe('answers of the authorization endpoint', () => {
  it('shows a browser a page, and answers any other client in JSON, for a bad authorization request', async () => {
    const url = `${origin}/oauth/auth?client_id=admin-ui&response_type=code&redirect_uri=https://evil.example/`;
    const page = await fetch(url, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await page.text()).toContain('redirect_uri');
    const json = await fetch(url);
    expect(json.status).toBe(400);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });

  it('serves no login page for an unknown sign-in, and refuses methods the pages do not take', async () => {
    const unknown = await fetch(`${origin}/oauth/interaction/nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await fetch(`${origin}/oauth/interaction/nope/login`)).status).toBe(405);
    expect((await fetch(`${origin}/oauth/interaction/a/b/c`)).status).toBe(404);
  });
});
