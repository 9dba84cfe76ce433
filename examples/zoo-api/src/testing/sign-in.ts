import { createHash, randomBytes } from 'node:crypto';

/** What the token endpoint answers a signed-in person. */
export interface PersonTokens {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly scope: string;
}

/** The app signing a person in: the issuer it sends them to, its client id and callback. */
export interface SigningInApp {
  readonly issuer: string;
  readonly clientId: string;
  readonly redirectUri: string;
}

/** A browser's part of the sign-in, without a browser: cookies kept by name, redirects followed by hand. */
function browser(origin: string) {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await fetch(new URL(url, origin), { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [name, value = ''] = cookie.split(';')[0]!.split(/=(.*)/s);
      if (value === '') jar.delete(name!);
      else jar.set(name!, value);
    }
    return res;
  };
}

async function expectStatus(res: Response, status: number, step: string) {
  if (res.status !== status) throw new Error(`${step}: expected ${status}, got ${res.status}: ${await res.text()}`);
  return res;
}

/**
 * Signs a person in at the zoo's embedded server as the admin UI would: the authorization code
 * grant with PKCE, through the login page's form (anti-forgery token included), then the code
 * exchanged for tokens.
 */
export async function signInAs(
  app: SigningInApp,
  username: string,
  password: string,
  scope?: string,
): Promise<PersonTokens> {
  const { issuer, clientId, redirectUri } = app;
  const origin = new URL(issuer).origin;
  const verifier = randomBytes(32).toString('base64url');
  const go = browser(origin);
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(scope ? { scope } : {}),
  });
  const start = await expectStatus(await go(`${issuer}/auth?${query}`), 303, 'authorization request');
  const page = await expectStatus(await go(start.headers.get('location')!), 200, 'login page');
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !csrf) throw new Error('the login page has no form');
  const posted = await go(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ csrf, username, password }),
  });
  await expectStatus(posted, 303, 'login form');
  const back = await expectStatus(await go(posted.headers.get('location')!), 303, 'authorization');
  const code = new URL(back.headers.get('location')!).searchParams.get('code');
  if (!code) throw new Error(`no code in ${back.headers.get('location')}`);
  const res = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }),
  });
  await expectStatus(res, 200, 'token request');
  return (await res.json()) as PersonTokens;
}
