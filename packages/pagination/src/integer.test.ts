import { ApiError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { parseIntegerParameter, showValue } from './integer.js';

function failure(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('parseIntegerParameter', () => {
  it('reads plain decimal integers within the range', () => {
    expect(parseIntegerParameter('limit', '1', 1, 100)).toBe(1);
    expect(parseIntegerParameter('limit', '100', 1, 100)).toBe(100);
    expect(parseIntegerParameter('offset', '0', 0, Number.MAX_SAFE_INTEGER)).toBe(0);
    expect(parseIntegerParameter('offset', '9007199254740991', 0, Number.MAX_SAFE_INTEGER)).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it('accepts leading zeros', () => {
    expect(parseIntegerParameter('limit', '010', 1, 100)).toBe(10);
    expect(parseIntegerParameter('offset', '000', 0, 10)).toBe(0);
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '1.0',
    '1.',
    '.5',
    '1e2',
    '+1',
    '-1',
    '-0',
    '0x10',
    '0b1',
    '1_000',
    '１',
    'abc',
    'Infinity',
    'NaN',
  ])('refuses %j', (raw) => {
    const error = failure(() => parseIntegerParameter('limit', raw, 1, 100));
    expect(error.codeName).toBe('invalidQueryParameter');
    expect(error.status).toBe(400);
    expect(error.message).toBe(`limit must be an integer from 1 to 100; got ${JSON.stringify(raw)}`);
  });

  it('refuses values outside the range', () => {
    expect(failure(() => parseIntegerParameter('limit', '0', 1, 100)).message).toBe(
      'limit must be an integer from 1 to 100; got "0"',
    );
    expect(failure(() => parseIntegerParameter('limit', '101', 1, 100)).message).toContain('got "101"');
    expect(
      failure(() => parseIntegerParameter('offset', '9007199254740992', 0, Number.MAX_SAFE_INTEGER)).codeName,
    ).toBe('invalidQueryParameter');
    expect(failure(() => parseIntegerParameter('offset', '9'.repeat(400), 0, Number.MAX_SAFE_INTEGER)).codeName).toBe(
      'invalidQueryParameter',
    );
  });

  it('refuses values that are not safe integers, even within a wider range', () => {
    expect(failure(() => parseIntegerParameter('page', '9007199254740993', 1, 2 ** 60)).codeName).toBe(
      'invalidQueryParameter',
    );
  });

  it('appends a note to the range', () => {
    expect(failure(() => parseIntegerParameter('page', 'x', 1, 5, ' when per_page is 2')).message).toBe(
      'page must be an integer from 1 to 5 when per_page is 2; got "x"',
    );
  });
});

describe('showValue', () => {
  it('quotes and escapes the value', () => {
    expect(showValue('a"b\n')).toBe('"a\\"b\\n"');
  });

  it('cuts long values and says how long they were', () => {
    expect(showValue('x'.repeat(51))).toBe(`"${'x'.repeat(50)}"… (51 characters)`);
    expect(showValue('x'.repeat(50))).toBe(`"${'x'.repeat(50)}"`);
  });

  it('does not split a character made of a surrogate pair', () => {
    const shown = showValue(`${'x'.repeat(49)}🦁🦁`);
    expect(shown).toBe(`"${'x'.repeat(49)}"… (53 characters)`);
  });
});
