import { expect, it } from 'vitest';

it('exposes exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'ApiError',
    'MemoryDatabase',
    'createApi',
    'createApiServer',
    'defaultServerSettings',
    'defineCollection',
    'defineOperation',
    'defineSearch',
    'errorCodes',
    'inputLimits',
    'memoryDatabase',
    'memoryJobs',
    'memoryStore',
    'searchableText',
    'silentLogger',
    'stopGracefully',
  ]);
});
