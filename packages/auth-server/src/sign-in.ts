import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Accounts } from './accounts.js';
import type { LoginAttempts } from './login-limits.js';
import { loginPage, messagePage, pageHeaders, sendPage } from './login-page.js';

/** What the login pages need from the server around them. */
export interface SignInContext {
  /** The provider now in use (a key rotation replaces it). */
  readonly provider: () => Provider;
  readonly accounts: Accounts;
  readonly attempts: LoginAttempts;
  /** Secret the anti-forgery tokens are made with. */
  readonly csrfSecret: Buffer;
  /** Path of the issuer, e.g. `/oauth`. */
  readonly issuerPath: string;
  /** Origin of the issuer: the only one a login form may be posted from. */
  readonly origin: string;
  /** The API the tokens are for. */
  readonly audience: string;
  /** Origins (besides the issuer's) that pages may send forms to: where apps get people back. */
  readonly formTargets: readonly string[];
}

const formLimit = 4096;
const expired =
  'This sign-in is no longer valid: it expired, or it was opened in another browser. Go back to the app and sign in again.';
const wrongCredentials = 'Wrong user name or password.';

/** The anti-forgery token of one interaction: known only to pages this server rendered for it. */
const csrfFor = (secret: Buffer, uid: string) => createHmac('sha256', secret).update(uid).digest('base64url');

function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > formLimit) {
        req.pause();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    req.once('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.once('error', reject);
  });
}

/**
 * A post from another site: the browser says so (`Sec-Fetch-Site`) or names another origin. A
 * client that sends neither header (not a browser) is judged by the token alone.
 */
function crossSite(req: IncomingMessage, origin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return true;
  const from = req.headers.origin;
  return from !== undefined && from !== origin;
}

/** Grants the person the scopes asked for that their account has, and refuses the rest. */
async function grantFor(context: SignInContext, accountId: string, clientId: string, requested: string[]) {
  const provider = context.provider();
  const allowed = new Set(context.accounts.scopesOf(accountId) ?? []);
  const grant = new provider.Grant({ accountId, clientId });
  const given = requested.filter((scope) => allowed.has(scope));
  const refused = requested.filter((scope) => !allowed.has(scope));
  // oidc-provider counts every scope it knows as an OpenID scope too: decide each on both lists,
  // so that no consent page is asked for; the access token carries the resource's part.
  if (given.length > 0) {
    grant.addOIDCScope(given);
    grant.addResourceScope(context.audience, given.join(' '));
  }
  if (refused.length > 0) {
    grant.rejectOIDCScope(refused);
    grant.rejectResourceScope(context.audience, refused.join(' '));
  }
  return grant.save();
}

/** Serves `GET <issuer>/interaction/<uid>` (the login page) and `POST .../login` (its form). */
export function signInHandler(context: SignInContext) {
  const headers = pageHeaders(context.formTargets);
  const stylesheet = `${context.issuerPath}/login.css`;
  const fail = (res: ServerResponse, status: number, title: string, message: string) =>
    sendPage(res, status, messagePage(title, message, stylesheet), headers);

  return async (req: IncomingMessage, res: ServerResponse, uid: string, post: boolean): Promise<void> => {
    const provider = context.provider();
    const csrf = csrfFor(context.csrfSecret, uid);
    let form: URLSearchParams | undefined;
    if (post) {
      form = await readForm(req);
      if (!form) {
        // The rest of the body is not read: the connection closes after the answer.
        res.setHeader('connection', 'close');
        return fail(res, 413, 'Sign-in refused', 'The form sent is too large.');
      }
      const token = Buffer.from(form.get('csrf') ?? '');
      const forged = token.length !== csrf.length || !timingSafeEqual(token, Buffer.from(csrf));
      if (crossSite(req, context.origin) || forged)
        return fail(
          res,
          403,
          'Sign-in refused',
          'This form was not sent from the sign-in page. Go back to the app and sign in again.',
        );
    }
    const details = await provider.interactionDetails(req, res).catch(() => undefined);
    if (!details || details.uid !== uid) return fail(res, 400, 'Sign-in expired', expired);
    const clientId = String(details.params.client_id ?? '');
    const requested = String(details.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    const action = `${context.issuerPath}/interaction/${uid}/login`;
    const show = (status: number, username?: string, message?: string) =>
      sendPage(
        res,
        status,
        loginPage({
          action,
          csrf,
          clientName: clientId,
          stylesheet,
          ...(username ? { username } : {}),
          ...(message ? { message } : {}),
        }),
        headers,
      );

    // Signed in already (a session from earlier), but this app has no grant: give it one, no page.
    const signedIn = details.session?.accountId;
    if (details.prompt.name !== 'login' && signedIn && context.accounts.scopesOf(signedIn)) {
      const grantId = await grantFor(context, signedIn, clientId, requested);
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    if (!form) return show(200);

    // Capped, so that a flood of long names cannot fill the attempt counters' keys.
    const username = (form.get('username') ?? '').slice(0, 200);
    const password = form.get('password') ?? '';
    const address = req.socket.remoteAddress ?? 'unknown';
    const wait = context.attempts.waitSeconds(username, address);
    if (wait > 0) {
      res.setHeader('retry-after', String(wait));
      return show(429, username, `Too many failed sign-ins. Wait ${wait} seconds, then try again.`);
    }
    // Counted before the password is checked (a check takes a while), so that guesses sent all at
    // once count too; a right password takes its attempt back.
    context.attempts.failed(username, address);
    const accountId = username && password ? await context.accounts.check(username, password) : undefined;
    if (!accountId) return show(401, username, wrongCredentials);
    context.attempts.succeeded(username, address);
    const grantId = await grantFor(context, accountId, clientId, requested);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };
}
