import { describe, expect, it } from 'vitest';
import { defineErrorCodes, errorCodes, errorRegistry, isCorralError } from './index.js';

const description = 'Explained on its page.';
const billing = defineErrorCodes({
  paymentRequired: { code: 10100, status: 402, title: 'Payment required', description },
});

function thrownCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isCorralError(error) ? error.code : 'not a CorralError';
  }
  return undefined;
}

describe('errorRegistry', () => {
  it('serves the built-in codes, then the application codes', () => {
    const registry = errorRegistry([billing]);
    expect(registry.entries).toHaveLength(Object.keys(errorCodes).length + 1);
    expect(registry.entries.at(-1)).toEqual({
      name: 'paymentRequired',
      code: 10100,
      status: 402,
      title: 'Payment required',
      description,
    });
    expect(registry.find(10100)?.name).toBe('paymentRequired');
    expect(registry.find(1008)?.name).toBe('resourceNotFound');
    expect(registry.find(10101)).toBeUndefined();
  });

  it('accepts the same catalogue given twice', () => {
    expect(errorRegistry([billing, billing]).entries).toHaveLength(Object.keys(errorCodes).length + 1);
  });

  it('refuses two catalogues that share a number or a name', () => {
    const sameNumber = defineErrorCodes({
      planExpired: { code: 10100, status: 402, title: 'Plan expired', description },
    });
    const sameName = defineErrorCodes({ paymentRequired: { code: 10200, status: 402, title: 'Pay', description } });
    expect(thrownCode(() => errorRegistry([billing, sameNumber]))).toBe('CORRAL_DUPLICATE_ERROR_CODE');
    expect(thrownCode(() => errorRegistry([billing, sameName]))).toBe('CORRAL_ERROR_CODE_NAME_CLASH');
  });
});
