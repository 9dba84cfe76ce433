import { createHash, hash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizationServer } from './authorization-server.js';
import { hashPassword } from './password-hash.js';

// Attacks on the login form over real sockets, against a server of their own (their failed
// attempts must not count against the other sign-in tests).
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = await createAuthorizationServer({
    issuer: `${origin}/oauth`,
    audience: 'http://api.test',
    clients: [{ clientId: 'ci', clientSecret: 'ci-secret', scopes: ['zoo:read'] }],
    users: [
      { username: 'ada', passwordHash: await hashPassword('ada-password'), scopes: ['zoo:read'] },
      { username: 'bob', passwordHash: await hashPassword('bob-password'), scopes: ['zoo:read'] },
      { username: 'cy', passwordHash: await hashPassword('cy-password'), scopes: ['zoo:read'] },
      { username: 'dee', passwordHash: await hashPassword('dee-password'), scopes: ['zoo:read'] },
    ],
    publicClients: [{ clientId: 'admin-ui', redirectUris: [`${origin}/admin/callback`] }],
    loginLimits: { perUser: 3, perAddress: 100, windowSeconds: 60 },
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

/** A browser that keeps cookies by name and follows no redirect. */
function browser() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await fetch(new URL(url, origin), { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [name, value] = cookie.split(';')[0]!.split(/=(.*)/s) as [string, string];
      if (value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
}

/** Opens a login page as the admin UI would send a person there; gives its form. */
async function openLogin(go: ReturnType<typeof browser>, extra: Record<string, string> = {}) {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const query = new URLSearchParams({
    client_id: 'admin-ui',
    response_type: 'code',
    redirect_uri: `${origin}/admin/callback`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const start = await go(`${origin}/oauth/auth?${query}`);
  const html = await (await go(start.headers.get('location')!)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
  return { action, csrf };
}

const post = (go: ReturnType<typeof browser>, action: string, fields: Record<string, string>) =>
  go(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams(fields),
  });

const tally = (answers: Response[]) => {
  const counts: Record<number, number> = {};
  for (const res of answers) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
};

describe('login limits under attack', () => {
  it('counts guesses sent all at once: no more than the limit get their password checked', async () => {
    const go = browser();
    const { action, csrf } = await openLogin(go);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      post(go, action, { csrf, username: 'ada', password: `g${i}` }),
    );
    expect(tally(await Promise.all(guesses))).toEqual({ 401: 3, 429: 9 });
    expect((await post(go, action, { csrf, username: 'ada', password: 'ada-password' })).status).toBe(429);
  });

  it('counts other spellings of a name against it, and never signs anyone in under them', async () => {
    const go = browser();
    const { action, csrf } = await openLogin(go);
    // The right password under another case, with spaces, or in another Unicode form: refused.
    for (const username of ['CY', ' cy', 'cy\u200b', '\uff43y'])
      expect((await post(go, action, { csrf, username, password: 'cy-password' })).status).toBe(401);
    // "CY" counted against cy (names compared without case), so two more failures reach the limit.
    for (const username of ['Cy', 'cY'])
      expect((await post(go, action, { csrf, username, password: 'nope' })).status).toBe(401);
    const held = await post(go, action, { csrf, username: 'cy', password: 'cy-password' });
    expect(held.status).toBe(429);
    // The name typed is shown back as text, never as markup.
    const echoed = await (await post(go, action, { csrf, username: '"><script>x</script>', password: 'p' })).text();
    expect(echoed).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(echoed).not.toContain('<script');
  });

  it('takes back the attempt of a right password: signing in again and again is never held up', async () => {
    for (let time = 0; time < 5; time++) {
      const go = browser();
      const { action, csrf } = await openLogin(go);
      expect((await post(go, action, { csrf, username: 'bob', password: 'bob-password' })).status).toBe(303);
    }
  });
});

describe('methods the sign-in paths do not take', () => {
  it('answers 405 in JSON with Allow for a POST to the authorization or end-session endpoint', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const path of ['/oauth/auth', '/oauth/session/end']) {
      const res = await fetch(`${origin}${path}`, { method: 'POST', headers: form, body: 'client_id=admin-ui' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET');
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toMatchObject({ error: expect.stringContaining('POST is not supported') });
    }
  });

  it('answers OPTIONS on the login pages and stylesheet with the methods they take, and no page', async () => {
    for (const [path, allow] of [
      ['/oauth/interaction/abc', 'GET'],
      ['/oauth/interaction/abc/login', 'POST'],
      ['/oauth/login.css', 'GET, HEAD'],
    ]) {
      const res = await fetch(`${origin}${path}`, { method: 'OPTIONS' });
      expect(res.status).toBe(204);
      expect(res.headers.get('allow')).toBe(allow);
      expect(await res.text()).toBe('');
    }
  });
});

describe('pages oidc-provider writes itself', () => {
  it('frames none and allows only its own inline script: the page that signs one person out for another', async () => {
    const go = browser();
    const first = await openLogin(go);
    const signedIn = await post(go, first.action, { csrf: first.csrf, username: 'dee', password: 'dee-password' });
    await go((await go(signedIn.headers.get('location')!)).headers.get('location') ?? '/');
    expect(signedIn.status).toBe(303);
    // Someone else signs in in the same browser: oidc-provider ends dee's session with a page that posts itself.
    const second = await openLogin(go, { prompt: 'login' });
    const switched = await post(go, second.action, { csrf: second.csrf, username: 'bob', password: 'bob-password' });
    const page = await go(switched.headers.get('location')!);
    const html = await page.text();
    expect(html).toContain('/oauth/session/end/confirm');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(csp).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash('sha256', script, 'base64').replace(/[+/]/g, '\\$&')}'`),
    );
  });
});
