import type { AdminSignIn } from '../model-types.js';

/** What a sign-in leaves in the tab: the tokens and what they allow. */
export interface Session {
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** When the access token expires, in ms since the epoch. */
  readonly expiresAt: number;
  readonly scopes: readonly string[];
  /** Who signed in, as the token names them. */
  readonly subject: string;
}

/** The tab's session lives in sessionStorage under this key: a new tab signs in again. */
export const sessionKey = 'corral-admin-session';
const pendingKey = 'corral-admin-pending';

interface Metadata {
  readonly authorization_endpoint?: string;
  readonly token_endpoint: string;
  readonly revocation_endpoint?: string;
}

let metadata: Promise<Metadata> | undefined;

/** The issuer's metadata, from the first of its addresses that answers. */
function issuerMetadata(signIn: AdminSignIn): Promise<Metadata> {
  metadata ??= (async () => {
    for (const url of signIn.metadataUrls) {
      const answer = await fetch(url, { headers: { accept: 'application/json' } }).catch(() => undefined);
      if (answer?.ok) return (await answer.json()) as Metadata;
    }
    throw new Error(`The issuer ${signIn.issuer} publishes no metadata at ${signIn.metadataUrls.join(' or ')}`);
  })();
  metadata.catch(() => (metadata = undefined));
  return metadata;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomText = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

function claimsOf(token: string): Record<string, unknown> {
  try {
    return JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

function sessionFrom(answer: Record<string, unknown>): Session {
  const accessToken = String(answer.access_token);
  const claims = claimsOf(accessToken);
  const scope = typeof answer.scope === 'string' ? answer.scope : typeof claims.scope === 'string' ? claims.scope : '';
  const session: Session = {
    accessToken,
    ...(typeof answer.refresh_token === 'string' ? { refreshToken: answer.refresh_token } : {}),
    expiresAt: Date.now() + Number(answer.expires_in ?? 3600) * 1000,
    scopes: scope.split(' ').filter(Boolean),
    subject: String(claims.username ?? claims.preferred_username ?? claims.sub ?? ''),
  };
  sessionStorage.setItem(sessionKey, JSON.stringify(session));
  return session;
}

/** The tab's session, if it signed in. */
export function currentSession(): Session | undefined {
  const saved = sessionStorage.getItem(sessionKey);
  return saved ? (JSON.parse(saved) as Session) : undefined;
}

/** Sends the person to the issuer's sign-in (authorization code with PKCE, S256), to come back to `returnTo`. */
export async function signIn(signIn: AdminSignIn, returnTo: string): Promise<void> {
  const found = await issuerMetadata(signIn);
  if (!found.authorization_endpoint) throw new Error(`The issuer ${signIn.issuer} has no authorization endpoint`);
  const verifier = randomText();
  const state = randomText();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  sessionStorage.setItem(pendingKey, JSON.stringify({ verifier, state, returnTo }));
  const url = new URL(found.authorization_endpoint);
  const params = {
    response_type: 'code',
    client_id: signIn.clientId,
    redirect_uri: redirectUri(signIn),
    scope: signIn.scopes.join(' '),
    state,
    code_challenge: base64url(digest),
    code_challenge_method: 'S256',
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  location.assign(url.href);
}

/** The registered callback; the page's own address when the API does not know its public URL. */
export const redirectUri = (signIn: AdminSignIn) =>
  signIn.redirectUri || `${location.origin}${document.body.dataset.admin ?? ''}/callback`;

async function tokenRequest(signIn: AdminSignIn, form: Record<string, string>): Promise<Record<string, unknown>> {
  const { token_endpoint } = await issuerMetadata(signIn);
  const answer = await fetch(token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: signIn.clientId, ...form }),
  });
  const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  if (!answer.ok)
    throw new Error(String(body.error_description ?? body.error ?? `token endpoint answered ${answer.status}`));
  return body;
}

/** Finishes a sign-in on the callback: checks the state, trades the code for tokens; returns where to go. */
export async function finishSignIn(signIn: AdminSignIn, query: URLSearchParams): Promise<string> {
  const pending = JSON.parse(sessionStorage.getItem(pendingKey) ?? 'null') as {
    verifier: string;
    state: string;
    returnTo: string;
  } | null;
  sessionStorage.removeItem(pendingKey);
  if (query.get('error')) throw new Error(query.get('error_description') ?? query.get('error') ?? 'Sign-in refused');
  if (!pending || pending.state !== query.get('state')) throw new Error('This sign-in was not started here: try again');
  const answer = await tokenRequest(signIn, {
    grant_type: 'authorization_code',
    code: query.get('code') ?? '',
    redirect_uri: redirectUri(signIn),
    code_verifier: pending.verifier,
  });
  sessionFrom(answer);
  return pending.returnTo;
}

/** An access token that is still good, refreshed (and the refresh token rotated) when it is about to expire. */
export async function accessToken(signIn: AdminSignIn): Promise<string | undefined> {
  const session = currentSession();
  if (!session) return undefined;
  if (session.expiresAt - Date.now() > 30_000 || !session.refreshToken) return session.accessToken;
  try {
    return sessionFrom(await tokenRequest(signIn, { grant_type: 'refresh_token', refresh_token: session.refreshToken }))
      .accessToken;
  } catch {
    sessionStorage.removeItem(sessionKey);
    return undefined;
  }
}

/** Signs out: the refresh token is revoked at the issuer, and the tab forgets both tokens. */
export async function signOut(signIn: AdminSignIn): Promise<void> {
  const session = currentSession();
  sessionStorage.removeItem(sessionKey);
  if (!session) return;
  const { revocation_endpoint } = await issuerMetadata(signIn).catch(() => ({}) as Partial<Metadata>);
  if (!revocation_endpoint) return;
  await fetch(revocation_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: signIn.clientId,
      token: session.refreshToken ?? session.accessToken,
      token_type_hint: session.refreshToken ? 'refresh_token' : 'access_token',
    }),
  }).catch(() => undefined);
}

/** Forgets the session (the API refused its token). */
export const forgetSession = () => sessionStorage.removeItem(sessionKey);
