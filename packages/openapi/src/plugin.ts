import type { ApiPlugin } from '@corral/core';
import { docsAsset, docsHtml } from './docs-page.js';
import { openApiDocument, type DocumentOptions } from './document.js';

/**
 * Serves `<prefix>/openapi.json` (the OpenAPI 3.1 document) and `<prefix>/docs` (a page to read
 * it and try requests), both public. The document is built once per version, at startup.
 */
export function openApi(options: DocumentOptions = {}): ApiPlugin {
  return {
    name: 'openapi',
    routes(version) {
      const document = JSON.stringify(openApiDocument(version, options));
      const html = docsHtml(
        `${version.title} ${`v${version.version}`}`,
        `${version.prefix}/openapi.json`,
        `${version.prefix}/docs`,
      );
      return [
        {
          path: '/openapi.json',
          contentType: 'application/json',
          handler: () => ({ contentType: 'application/json; charset=utf-8', body: document }),
        },
        {
          path: '/docs',
          contentType: 'text/html',
          handler: () => ({ contentType: 'text/html; charset=utf-8', body: html }),
        },
        {
          path: '/docs/:file',
          contentType: '*/*',
          async handler({ file }) {
            const asset = await docsAsset(file ?? '');
            if (!asset)
              return {
                status: 404,
                contentType: 'application/json; charset=utf-8',
                body: JSON.stringify({ error: 'No such file' }),
              };
            return { ...asset, headers: { 'cache-control': 'public, max-age=86400' } };
          },
        },
      ];
    },
  };
}
