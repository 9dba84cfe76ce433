import { expect, it } from 'vitest';

it('exposes exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'ApiError',
    'CorralError',
    'MemoryDatabase',
    'applicationCodeRange',
    'cors',
    'createApi',
    'defaultAllowedHeaders',
    'defaultExposedHeaders',
    'defineCollection',
    'defineErrorCodes',
    'defineOperation',
    'defineSearch',
    'errorCodes',
    'filterField',
    'filterForms',
    'filterOperators',
    'idempotency',
    'inputLimits',
    'isCorralError',
    'memoryDatabase',
    'memoryIdempotency',
    'memoryJobs',
    'memoryStore',
    'operatorsOf',
    'requestIdFor',
    'searchableText',
    'serverParentField',
    'silentLogger',
  ]);
});
