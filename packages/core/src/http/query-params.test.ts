import { describe, expect, it } from 'vitest';
import { checkQueryEncoding, quote, rejectUnknownParameters, singleValue } from './query-params.js';
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

describe('checkQueryEncoding', () => {
  it('lets UTF-8 escapes, lone percent signs and plain queries through', () => {
    for (const query of [
      '',
      'name=Zo%C3%AB',
      'q=%E2%82%AC+1',
      'a=100%',
      'a=%zz&b=%C3%A9',
      'name=%EF%BF%BD',
      '%C3%A9=1',
    ])
      expect(() => checkQueryEncoding(query), query).not.toThrow();
  });

  it('refuses escapes that are not UTF-8 with 400, naming the parameter', () => {
    for (const [query, name] of [
      ['name=%FF', 'name'],
      ['limit=5&query=caf%E9', 'query'],
      ['name=%C3', 'name'],
      ['name=%ED%A0%80', 'name'], // a surrogate half
      ['name=%C0%AF', 'name'], // an overlong '/'
      ['na%FFme=1', 'na\uFFFDme'],
    ]) {
      const error = refusal(() => checkQueryEncoding(query!));
      expect(error, query).toMatchObject({ status: 400, errorCode: 1001, codeName: 'invalidQueryParameter' });
      expect(error.message).toBe(`Query parameter ${JSON.stringify(name)} is not UTF-8 once its %-escapes are decoded`);
    }
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
