import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Files of swagger-ui-dist the page needs; nothing is fetched from anywhere else. */
const assets: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'oauth2-redirect.html': 'text/html; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const assetDirectory = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const cache = new Map<string, Uint8Array>();

/** One asset of the docs page, read from node_modules once and kept. */
export async function docsAsset(file: string): Promise<{ contentType: string; body: Uint8Array } | undefined> {
  const contentType = assets[file];
  if (!contentType) return undefined;
  let body = cache.get(file);
  if (!body) {
    body = await readFile(join(assetDirectory, file));
    cache.set(file, body);
  }
  return { contentType, body };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML of the docs page: Swagger UI reading the document, with the OAuth client-credentials form. */
export function docsHtml(title: string, documentUrl: string, assetBase: string): string {
  const config = JSON.stringify({
    url: documentUrl,
    dom_id: '#ui',
    deepLinking: true,
    persistAuthorization: false,
    tryItOutEnabled: true,
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${assetBase}/favicon-32x32.png">
<link rel="stylesheet" href="${assetBase}/swagger-ui.css">
</head>
<body>
<div id="ui"></div>
<script src="${assetBase}/swagger-ui-bundle.js"></script>
<script src="${assetBase}/swagger-ui-standalone-preset.js"></script>
<script>
window.ui = SwaggerUIBundle(Object.assign(${config}, {
  oauth2RedirectUrl: new URL('${assetBase}/oauth2-redirect.html', location.href).href,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'BaseLayout'
}));
</script>
</body>
</html>
`;
}
