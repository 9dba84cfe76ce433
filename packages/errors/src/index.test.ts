import { expect, it } from 'vitest';

it('exposes exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'ApiError',
    'CorralError',
    'applicationCodeRange',
    'defineErrorCodes',
    'errorBody',
    'errorCodes',
    'errorRegistry',
    'findErrorCode',
    'isApiError',
    'isCorralError',
    'renderError',
    'startupErrorCodes',
    'toApiError',
  ]);
});
