import { expect, it } from 'vitest';

it('exposes exactly the node:http helpers', async () => {
  expect(Object.keys(await import('./node.js')).sort()).toEqual([
    'createApiServer',
    'defaultServerSettings',
    'stopGracefully',
  ]);
});

it('is reachable as @corral/core/node', async () => {
  const viaPackage = await import('@corral/core/node');
  expect(viaPackage.createApiServer).toBe((await import('./node.js')).createApiServer);
});
