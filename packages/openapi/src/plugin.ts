import type { ApiPlugin } from '@corral/core';
import { docsAsset, docsHtml } from './docs-page.js';
import { openApiDocument, type DocumentOptions } from './document.js';
import { docsAssetPage, docsPage, documentPage } from './pages.js';

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
        `${version.prefix}${documentPage.path}`,
        `${version.prefix}${docsPage.path}`,
      );
      return [
        { ...documentPage, handler: () => ({ contentType: 'application/json; charset=utf-8', body: document }) },
        { ...docsPage, handler: () => ({ contentType: 'text/html; charset=utf-8', body: html }) },
        {
          ...docsAssetPage,
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
