import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, applicationCodeRange, defineErrorCodes, errorBody, type ErrorCodeEntry } from './index.js';

const entry = (code: number, status = 403): ErrorCodeEntry => ({
  code,
  status,
  title: 'Tenant suspended',
  description: 'The tenant of this account is suspended.',
});

/** The code of the CorralError `run` throws. */
function startupCode(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error('expected a CorralError');
}

describe('defineErrorCodes', () => {
  const appCodes = defineErrorCodes({
    tenantSuspended: {
      code: 10001,
      status: 403,
      title: 'Tenant suspended',
      description: 'The tenant of this account is suspended.',
    },
    quotaExceeded: {
      code: 10002,
      status: 409,
      title: 'Quota exceeded',
      description: 'The account holds as many records as its plan allows.',
    },
  });

  it('returns each code with its name, frozen', () => {
    expect(appCodes.tenantSuspended).toEqual({
      name: 'tenantSuspended',
      code: 10001,
      status: 403,
      title: 'Tenant suspended',
      description: 'The tenant of this account is suspended.',
    });
    expect(Object.isFrozen(appCodes)).toBe(true);
    expect(Object.isFrozen(appCodes.quotaExceeded)).toBe(true);
    expectTypeOf(appCodes.tenantSuspended.name).toEqualTypeOf<'tenantSuspended'>();
    expectTypeOf(appCodes.quotaExceeded.code).toEqualTypeOf<10002>();
  });

  it('makes ApiErrors that carry the code, status and name', () => {
    const error = new ApiError(appCodes.tenantSuspended, 'Tenant acme is suspended');
    expect(error.errorCode).toBe(10001);
    expect(error.status).toBe(403);
    expect(error.codeName).toBe('tenantSuspended');
    expect(errorBody(error, (code) => `/v1/errors/${code}`)).toEqual({
      message: 'Tenant acme is suspended',
      documentation_url: '/v1/errors/10001',
    });
  });

  it('keeps built-in names working and typed', () => {
    expect(new ApiError('resourceNotFound', 'x').errorCode).toBe(1008);
    // @ts-expect-error -- an unknown name is a type error
    expect(() => new ApiError('noSuchCode', 'x')).toThrow();
    // @ts-expect-error -- a hand-made entry did not pass defineErrorCodes' checks
    void new ApiError({ name: 'x', code: 10003, status: 400, title: 't', description: 'd' }, 'x');
  });

  it.each([
    ['a number in the built-in range', { x: entry(1030) }, 'CORRAL_ERROR_CODE_OUT_OF_RANGE'],
    ['a number above the range', { x: entry(applicationCodeRange.max + 1) }, 'CORRAL_ERROR_CODE_OUT_OF_RANGE'],
    ['a fraction', { x: entry(10000.5) }, 'CORRAL_ERROR_CODE_OUT_OF_RANGE'],
    ['a success status', { x: entry(10001, 200) }, 'CORRAL_ERROR_CODE_INVALID_STATUS'],
    ['a status above 599', { x: entry(10001, 600) }, 'CORRAL_ERROR_CODE_INVALID_STATUS'],
    ['a built-in name', { resourceNotFound: entry(10001, 404) }, 'CORRAL_ERROR_CODE_NAME_CLASH'],
    ['one number twice', { a: entry(10001), b: entry(10001) }, 'CORRAL_DUPLICATE_ERROR_CODE'],
    ['an empty title', { x: { ...entry(10001), title: ' ' } }, 'CORRAL_ERROR_CODE_INCOMPLETE'],
  ])('refuses %s with a coded startup error', (_label, definitions, code) => {
    expect(startupCode(() => defineErrorCodes(definitions))).toBe(code);
  });
});
