import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { resultCheck } from './result-check.js';

const schema = z.object({ count: z.int() });

describe('resultCheck', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('checks outside production unless told not to, and never without a schema', () => {
    vi.stubEnv('NODE_ENV', 'test');
    expect(resultCheck('op', schema, undefined)).toBeTypeOf('function');
    expect(resultCheck('op', schema, false)).toBeUndefined();
    expect(resultCheck('op', undefined, true)).toBeUndefined();
  });

  it('is off in production unless asked for', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(resultCheck('op', schema, undefined)).toBeUndefined();
    expect(resultCheck('op', schema, true)).toBeTypeOf('function');
  });

  it('throws an internal error whose cause (for the log) names each issue', () => {
    const check = resultCheck('count', schema, true)!;
    expect(() => check({ count: 2 })).not.toThrow();
    try {
      check({ count: 'two' });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ codeName: 'internalError', message: 'Internal server error' });
      expect(String((error as { cause: Error }).cause.message)).toMatch(
        /"count" returned a result that does not match its result schema: count: /,
      );
    }
  });
});
