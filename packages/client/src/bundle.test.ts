// The client must carry no server code: bundle its entry as a user's bundler would and look at
// every module that went in.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the @corral/client bundle', () => {
  it("holds only the client's own modules (no zod, no @corral/core, no other Corral package)", async () => {
    const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.length).toBeGreaterThan(5);
    expect(inputs.filter((input) => !input.includes('packages/client/src/'))).toEqual([]);
    const imported = Object.values(result.metafile.outputs).flatMap((output) =>
      output.imports.map((entryImport) => entryImport.path),
    );
    expect([...new Set(imported)].sort()).toEqual(['node:crypto', 'node:timers/promises', 'undici']);
  });
});
