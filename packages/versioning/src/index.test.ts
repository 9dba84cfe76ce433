import { expect, it } from 'vitest';

it('exposes exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'createVersioning',
    'normalizeBasePath',
    'versioningStartupCodes',
  ]);
});
