/** The page's Content-Security-Policy: its own origin only (and the issuer's for tokens), never framed. */
export function contentSecurityPolicy(issuerOrigin: string | undefined): string {
  const extra = issuerOrigin ? ` ${issuerOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${extra}`,
    `form-action 'self'${extra}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The one HTML page of every view: it loads the script, which reads the model and draws the view. */
export function shellHtml(title: string, adminPath: string): string {
  const base = escapeHtml(adminPath);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} admin</title>
<link rel="stylesheet" href="${base}/assets/app.css">
<script type="module" src="${base}/assets/app.js"></script>
</head>
<body data-admin="${base}">
<div id="app"><p>Loading…</p></div>
<noscript>The admin needs JavaScript.</noscript>
</body>
</html>
`;
}
