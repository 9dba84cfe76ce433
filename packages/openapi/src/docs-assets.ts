import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files of Swagger UI the docs page loads, with their types; nothing is fetched from anywhere else. */
export const docsAssetTypes: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'oauth2-redirect.html': 'text/html; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Swagger UI's licence files, shipped beside its copied files. */
export const docsAssetLicences = ['LICENSE', 'NOTICE'] as const;

/**
 * The folder of dist the build copies Swagger UI's files into. The published package carries them
 * itself rather than depending on swagger-ui-dist, whose dependency @scarf/scarf runs an
 * install-time analytics script in the user's project.
 */
export const copiedAssetFolder = 'swagger-ui';

/**
 * Where the files are read from: the copy beside the built bundle (dist/swagger-ui), or, when
 * running from the sources in this repository (tests, typecheck), the swagger-ui-dist package
 * the repository installs as a dev dependency.
 */
export function docsAssetDirectory(moduleUrl: string): string {
  const copied = fileURLToPath(new URL(`./${copiedAssetFolder}/`, moduleUrl));
  if (existsSync(copied)) return copied;
  return dirname(createRequire(moduleUrl).resolve('swagger-ui-dist/package.json'));
}
