import { describe, expect, it } from 'vitest';
import { quote, rejectUnknownParameters, singleValue } from './query-params.js';
import { refusal } from '../testing/refusal.js';

describe('quote', () => {
  it('quotes a value as a JSON string', () => {
    expect(quote('lion')).toBe('"lion"');
    expect(quote('')).toBe('""');
    expect(quote('say "hi"\n')).toBe('"say \\"hi\\"\\n"');
  });

  it('keeps 50 characters and cuts longer values with an ellipsis', () => {
    expect(quote('a'.repeat(50))).toBe(`"${'a'.repeat(50)}"`);
    expect(quote('a'.repeat(51))).toBe(`"${'a'.repeat(50)}…"`);
    expect(quote('b'.repeat(10_000))).toHaveLength(53);
  });
});

describe('rejectUnknownParameters', () => {
  it('lets accepted parameters through, also repeated or empty', () => {
    expect(() =>
      rejectUnknownParameters(new URLSearchParams('state=internal&limit=5&state=external&sortby='), [
        'limit',
        'state',
        'sortby',
      ]),
    ).not.toThrow();
    expect(() => rejectUnknownParameters(new URLSearchParams(''), [])).not.toThrow();
  });

  it('refuses an unknown parameter with 400, listing the accepted ones', () => {
    const error = refusal(() =>
      rejectUnknownParameters(new URLSearchParams('limit=5&colour=red'), ['offset', 'limit', 'state']),
    );
    expect(error).toMatchObject({ status: 400, errorCode: 1002, codeName: 'unknownQueryParameter' });
    expect(error.message).toBe('Unknown query parameter "colour". Accepted parameters: offset, limit, state');
  });

  it('says so when the endpoint accepts no parameters at all', () => {
    const error = refusal(() => rejectUnknownParameters(new URLSearchParams('x=1'), []));
    expect(error.message).toBe('Unknown query parameter "x". This endpoint accepts no query parameters');
  });

  it('matches names case-sensitively', () => {
    expect(refusal(() => rejectUnknownParameters(new URLSearchParams('Limit=5'), ['limit'])).message).toContain(
      '"Limit"',
    );
  });

  it('shortens a long unknown name in the message', () => {
    const error = refusal(() => rejectUnknownParameters(new URLSearchParams(`${'x'.repeat(500)}=1`), ['limit']));
    expect(error.message.length).toBeLessThan(120);
  });
});

describe('singleValue', () => {
  it('returns the one value, or undefined when the parameter is absent', () => {
    const query = new URLSearchParams('state=internal&empty=&plus=a+b&pct=a%26b');
    expect(singleValue(query, 'state')).toBe('internal');
    expect(singleValue(query, 'empty')).toBe('');
    expect(singleValue(query, 'plus')).toBe('a b');
    expect(singleValue(query, 'pct')).toBe('a&b');
    expect(singleValue(query, 'missing')).toBeUndefined();
  });

  it('refuses a repeated parameter with 400, even when the values agree', () => {
    for (const text of ['state=internal&state=external', 'state=internal&state=internal', 'state=&state=']) {
      const error = refusal(() => singleValue(new URLSearchParams(text), 'state'));
      expect(error).toMatchObject({ status: 400, errorCode: 1003, codeName: 'duplicateQueryParameter' });
      expect(error.message).toBe('Query parameter "state" may be given only once');
    }
  });
});
