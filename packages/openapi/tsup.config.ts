import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { defineConfig } from 'tsup';
import shared from '../../tsup.package.js';
import { copiedAssetFolder, docsAssetLicences, docsAssetTypes } from './src/docs-assets.js';

/**
 * The shared build, then Swagger UI's files copied into dist/swagger-ui: the package serves its
 * docs page from that copy, so users install no swagger-ui-dist (nor its @scarf/scarf analytics).
 */
export default defineConfig((options) => ({
  ...(shared as object),
  onSuccess: async () => {
    const from = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    const to = join(resolve(options.outDir ?? 'dist'), copiedAssetFolder);
    mkdirSync(to, { recursive: true });
    for (const file of [...Object.keys(docsAssetTypes), ...docsAssetLicences])
      copyFileSync(join(from, file), join(to, file));
  },
}));
