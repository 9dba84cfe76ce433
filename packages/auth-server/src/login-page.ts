import type { ServerResponse } from 'node:http';

/** What a login page shows. */
export interface LoginPageContent {
  /** Where the form posts to. */
  readonly action: string;
  /** The anti-forgery token tied to this sign-in. */
  readonly csrf: string;
  /** The user name typed last time, kept in the field. */
  readonly username?: string;
  /** A message above the form (a refused password, a wait). */
  readonly message?: string;
  /** Name of the app asking, e.g. the admin's client id. */
  readonly clientName: string;
  /** Path of the stylesheet, on the same origin. */
  readonly stylesheet: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page of the sign-in, with a heading and body (already escaped HTML). */
export function page(title: string, body: string, stylesheet: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** The login form: user name, password, and the hidden anti-forgery token. */
export function loginPage(content: LoginPageContent): string {
  const message = content.message ? `<p class="message" role="alert">${escapeHtml(content.message)}</p>\n` : '';
  return page(
    'Sign in',
    `<p>to continue to ${escapeHtml(content.clientName)}</p>
${message}<form method="post" action="${escapeHtml(content.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(content.csrf)}">
<label for="username">User name</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(content.username ?? '')}"${content.username ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${content.username ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>`,
    content.stylesheet,
  );
}

/** A page with a message and no form (an expired sign-in, a refused post). */
export function messagePage(title: string, message: string, stylesheet: string): string {
  return page(title, `<p class="message" role="alert">${escapeHtml(message)}</p>`, stylesheet);
}

/**
 * Headers of every sign-in page: nothing but its own origin may load into it, no page may frame
 * it (clickjacking), forms go only to this origin and the apps' redirect origins, and nothing is
 * cached or leaks through the Referer.
 */
export function pageHeaders(formTargets: readonly string[]): Record<string, string> {
  const forms = ["'self'", ...formTargets].join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    // script-src spelled out: oidc-provider adds the hash of the one inline script its self-posting
    // pages carry (signing one person out for another) to a script-src it finds, and to nothing else.
    'content-security-policy': `default-src 'self'; script-src 'self'; base-uri 'none'; object-src 'none'; form-action ${forms}; frame-ancestors 'none'`,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // Not no-referrer: browsers then send `Origin: null` with the form, which the check of where a
    // post came from must refuse. same-origin sends nothing to other sites.
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

/** Sends a sign-in page. */
export function sendPage(res: ServerResponse, status: number, html: string, headers: Record<string, string>): void {
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(html)) }).end(html);
}

/** The pages' stylesheet, served from the issuer's own path (a CSP of 'self' forbids inline styles). */
export const loginStylesheet = `*{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:22rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #d0d4dc;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 .25rem}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;padding:.5rem;margin-top:.25rem;font:inherit;border:1px solid #8a93a5;border-radius:4px}
button{margin-top:1.5rem;width:100%;padding:.6rem;font:inherit;font-weight:600;color:#fff;background:#2450b8;border:0;border-radius:4px;cursor:pointer}
input:focus,button:focus{outline:3px solid #f5a623;outline-offset:2px}
.message{padding:.5rem .75rem;background:#fdecea;border:1px solid #e0a39d;border-radius:4px;color:#7a1c12}
`;
