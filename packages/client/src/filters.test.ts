import { describe, expect, it } from 'vitest';
import { appendFilters } from './filters.js';

describe('the query parameters of a list filter', () => {
  it('sends a plain value as name=value and operators as name[op]=value, lists joined by commas', () => {
    const query = new URLSearchParams();
    appendFilters(query, {
      state: 'internal',
      wild: false,
      year_of_birth: { gte: 1990, lt: 2000 },
      maturity: { in: ['junior', 'senior'] },
      skipped: undefined,
      legs: { ne: undefined },
    });
    expect([...query]).toEqual([
      ['state', 'internal'],
      ['wild', 'false'],
      ['year_of_birth[gte]', '1990'],
      ['year_of_birth[lt]', '2000'],
      ['maturity[in]', 'junior,senior'],
    ]);
    expect(query.toString()).toBe(
      'state=internal&wild=false&year_of_birth%5Bgte%5D=1990&year_of_birth%5Blt%5D=2000&maturity%5Bin%5D=junior%2Csenior',
    );
  });

  it('refuses a listed value holding a comma, which the server would split in two', () => {
    expect(() => appendFilters(new URLSearchParams(), { name: { in: ['Smith, John'] } })).toThrow(
      'cannot hold a comma',
    );
  });
});
