import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { docsAssetDirectory, docsAssetTypes } from './docs-assets.js';

let assetDirectory: string | undefined;
const cache = new Map<string, Uint8Array>();

/** One asset of the docs page, read from disk once and kept. */
export async function docsAsset(file: string): Promise<{ contentType: string; body: Uint8Array } | undefined> {
  const contentType = docsAssetTypes[file];
  if (!contentType) return undefined;
  let body = cache.get(file);
  if (!body) {
    assetDirectory ??= docsAssetDirectory(import.meta.url);
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
