import { expect, it } from 'vitest';

it('exposes exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'ApiError',
    'CorralError',
    'applicationCodeRange',
    'defineErrorCodes',
    'defineStartupCodes',
    'errorBody',
    'errorCodes',
    'errorRegistry',
    'errorsStartupCodes',
    'findErrorCode',
    'findStartupCode',
    'isApiError',
    'isCorralError',
    'renderError',
    'startupErrorCodes',
    'toApiError',
  ]);
});
