import { describe, expect, it } from 'vitest';
import { refusal } from '../testing/refusal.js';
import { QueryValues } from './query-values.js';

describe('QueryValues', () => {
  const values = new QueryValues(new URLSearchParams('a=1&b=2&a=3&c=&b=4&a=5'));

  it('reads each name like URLSearchParams does', () => {
    const params = new URLSearchParams('a=1&b=2&a=3&c=&b=4&a=5');
    for (const name of ['a', 'b', 'c', 'd']) {
      expect(values.getAll(name)).toStrictEqual(params.getAll(name));
      expect(values.get(name)).toBe(params.get(name));
      expect(values.has(name)).toBe(params.has(name));
    }
    expect([...values.keys()]).toStrictEqual(['a', 'b', 'c']);
  });

  it('gives the one value of a parameter, and refuses a repeat naming it', () => {
    expect(values.one('c')).toBe('');
    expect(values.one('d')).toBeUndefined();
    expect(refusal(() => values.one('b'))).toMatchObject({
      errorCode: 1003,
      message: 'Query parameter "b" may be given only once',
    });
  });
});
