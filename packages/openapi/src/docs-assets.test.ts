// The docs page's Swagger UI files travel inside the built package (dist/swagger-ui), so a user's
// install gets no swagger-ui-dist and with it no @scarf/scarf, whose install script sends analytics.
import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { copiedAssetFolder, docsAssetDirectory, docsAssetLicences, docsAssetTypes } from './docs-assets.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const resolve = createRequire(import.meta.url).resolve;
const swaggerUiDist = dirname(resolve('swagger-ui-dist/package.json'));
// Inside the package, so that the built bundle finds @corral/core as the real dist does.
const scratch = mkdtempSync(join(packageDir, '.docs-assets-test-'));

describe("the docs page's files in the published @corral/openapi", () => {
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('come with the package, which does not depend on swagger-ui-dist', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    const installed = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
    expect(Object.keys(installed)).not.toContain('swagger-ui-dist');
    expect(manifest.files).toContain('dist');
  });

  it('are copied by the build beside the bundle, with their licence, and served from that copy', async () => {
    const tsup = join(resolve('tsup/package.json'), '..', 'dist', 'cli-default.js');
    const env = { ...process.env, CORRAL_NO_DTS: '1' };
    await promisify(execFile)(process.execPath, [tsup, '--silent', '--out-dir', scratch], { cwd: packageDir, env });
    const copy = join(scratch, copiedAssetFolder);
    for (const file of [...Object.keys(docsAssetTypes), ...docsAssetLicences])
      expect(readFileSync(join(copy, file)).equals(readFileSync(join(swaggerUiDist, file))), file).toBe(true);

    const bundle = pathToFileURL(join(scratch, 'index.js')).href;
    expect(docsAssetDirectory(bundle)).toBe(`${copy}/`);
    // The built bundle serves the copy, not swagger-ui-dist: a mark added to the copy comes back.
    appendFileSync(join(copy, 'swagger-ui.css'), '/* the copy */');
    const { openApi } = (await import(bundle)) as typeof import('./index.js');
    const { createApi, silentLogger } = await import('@corral/core');
    const api = createApi({ title: 'Zoo', collections: [], plugins: [openApi()], logger: silentLogger });
    const response = await api.fetch(new Request('http://zoo.test/v1/docs/swagger-ui.css'));
    expect(response.status).toBe(200);
    expect((await response.text()).endsWith('/* the copy */')).toBe(true);
  }, 120_000);

  it('are read from swagger-ui-dist when running from the sources, where no build copied them', () => {
    expect(docsAssetDirectory(import.meta.url)).toBe(swaggerUiDist);
  });
});
