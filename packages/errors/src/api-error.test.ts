import { describe, expect, it, vi } from 'vitest';
import { ApiError, errorCodes, isApiError, toApiError } from './index.js';

describe('ApiError', () => {
  it('takes status and number from the catalogue', () => {
    const error = new ApiError('invalidQueryParameter', 'state must be internal or external');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.codeName).toBe('invalidQueryParameter');
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe(errorCodes.invalidQueryParameter.code);
    expect(error.message).toBe('state must be internal or external');
    expect(error.fieldErrors).toEqual([]);
    expect(error.headers).toEqual({});
    expect(error.cause).toBeUndefined();
  });

  it('keeps field errors, headers and cause', () => {
    const cause = new Error('inner');
    const error = new ApiError('validationFailed', 'Invalid body', {
      fieldErrors: [{ field: 'address.city', message: 'is required' }],
      headers: { 'X-Extra': '1' },
      cause,
    });
    expect(error.fieldErrors).toEqual([{ field: 'address.city', message: 'is required' }]);
    expect(error.headers).toEqual({ 'X-Extra': '1' });
    expect(error.cause).toBe(cause);
  });
});

describe('isApiError', () => {
  it('accepts ApiError and refuses everything else', () => {
    expect(isApiError(new ApiError('resourceNotFound', 'No zoo 7'))).toBe(true);
    for (const value of [new Error('x'), 'ApiError', undefined, null, 42, { name: 'ApiError', errorCode: 1008 }]) {
      expect(isApiError(value)).toBe(false);
    }
  });

  it('refuses a plain Error that only borrows the name', () => {
    const impostor = new Error('x');
    impostor.name = 'ApiError';
    expect(isApiError(impostor)).toBe(false);
  });

  it('accepts an ApiError made by another copy of the package', async () => {
    // A fresh module registry loads a second, distinct copy of the class, as two installed copies would.
    vi.resetModules();
    const other = await import('./api-error.js');
    expect(other.ApiError).not.toBe(ApiError);
    const foreign = new other.ApiError('resourceGone', 'Zoo 3 was deleted');
    expect(foreign).not.toBeInstanceOf(ApiError);
    expect(isApiError(foreign)).toBe(true);
    expect(toApiError(foreign)).toBe(foreign);
    expect(other.isApiError(new ApiError('resourceGone', 'x'))).toBe(true);
  });
});

describe('toApiError', () => {
  it('returns an ApiError unchanged', () => {
    const error = new ApiError('accessDenied', 'Needs scope zoos:write');
    expect(toApiError(error)).toBe(error);
  });

  const secret = new Error('password=hunter2 at db.internal:5432');
  it.each([
    ['a plain Error', secret],
    ['a TypeError', new TypeError('Cannot read properties of undefined')],
    ['a string', 'connection refused by 10.0.0.7'],
    ['undefined', undefined],
    ['null', null],
    ['an object', { query: 'SELECT * FROM users', stack: 'at db.ts:1' }],
  ])('turns %s into a 500 that keeps the original only as cause', (_label, value) => {
    const error = toApiError(value);
    expect(isApiError(error)).toBe(true);
    expect(error.status).toBe(500);
    expect(error.codeName).toBe('internalError');
    expect(error.errorCode).toBe(errorCodes.internalError.code);
    expect(error.message).toBe('Internal server error');
    expect(error.fieldErrors).toEqual([]);
    expect(error.headers).toEqual({});
    expect(error.cause).toBe(value);
  });
});
