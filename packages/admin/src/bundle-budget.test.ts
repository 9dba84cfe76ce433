import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';

/** The most the page's script and stylesheet may weigh together, gzipped. */
const budget = 250 * 1024;

it('bundles the page into one script and one stylesheet within 250 kB gzipped', async () => {
  const outdir = await mkdtemp(join(tmpdir(), 'corral-admin-ui-'));
  try {
    // @ts-expect-error: a plain script of the package, without declarations
    const { buildUi } = (await import('../build-ui.mjs')) as {
      buildUi: (dir: string) => Promise<{ script: string; stylesheet: string }>;
    };
    const { script, stylesheet } = await buildUi(outdir);
    const sizes = await Promise.all(
      [script, stylesheet].map(async (file) => gzipSync(await readFile(file)).byteLength),
    );
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(sizes.every((size) => size > 0)).toBe(true);
    expect(total).toBeLessThanOrEqual(budget);
    // Nothing in the bundle loads code or styles from elsewhere.
    expect(await readFile(script, 'utf8')).not.toMatch(/https?:\/\/(?!www\.w3\.org)[a-z0-9.-]+\/[^"']*\.(js|css)/i);
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}, 60_000);
