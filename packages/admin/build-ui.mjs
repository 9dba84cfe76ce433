// Bundles the admin's page (Preact, its views, its stylesheet) into one script and one stylesheet,
// minified, with nothing left to fetch from elsewhere. tsup runs it after each build (dist/ui), and
// the tests run it before they start, so they never serve a stale bundle.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Builds the page's files into `outdir` (default dist/ui) and returns their paths. They are written
 * beside it first and then renamed into place, so that a server reading them while tests build
 * again (the package's tests and the zoo's run at once) never reads half a file.
 */
export async function buildUi(outdir = join(here, 'dist', 'ui')) {
  mkdirSync(outdir, { recursive: true });
  const staging = mkdtempSync(`${outdir}-`);
  try {
    await build({
      entryPoints: { app: join(here, 'src', 'ui', 'main.tsx') },
      outdir: staging,
      bundle: true,
      minify: true,
      format: 'esm',
      target: ['chrome120', 'firefox120', 'safari16'],
      jsx: 'automatic',
      jsxImportSource: 'preact',
      legalComments: 'none',
      logLevel: 'warning',
    });
    // Preact's licence travels with the copy of its code in app.js.
    const preact = dirname(createRequire(import.meta.url).resolve('preact/package.json'));
    copyFileSync(join(preact, 'LICENSE'), join(staging, 'PREACT-LICENSE'));
    for (const file of readdirSync(staging)) renameSync(join(staging, file), join(outdir, file));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { script: join(outdir, 'app.js'), stylesheet: join(outdir, 'app.css') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildUi();
