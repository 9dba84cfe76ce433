import { describe, expect, it } from 'vitest';
import { checkLimits, limitProblem, typeRanges } from './column-limits.js';
import { tableMapOf, withActualStorage } from './table-map.js';
import { animalsInit } from './testing/animals.js';

describe('the size and range of a column', () => {
  it('counts characters as PostgreSQL does (code points), and lets spaces past the length be cut', () => {
    const title = { maxLength: 3 };
    expect(limitProblem(title, '📚📚📚')).toBeUndefined();
    expect(limitProblem(title, 'abc   ')).toBeUndefined();
    expect(limitProblem(title, '📚📚📚📚')).toBe('must be at most 3 characters long (it has 4)');
    expect(limitProblem(title, 'abc  d')).toMatch(/at most 3 characters/);
  });

  it("keeps numbers within an integer type's range", () => {
    expect(limitProblem({ range: typeRanges.smallint }, 32767)).toBeUndefined();
    expect(limitProblem({ range: typeRanges.smallint }, -32769)).toBe('must be between -32768 and 32767');
    expect(limitProblem({ range: typeRanges.integer }, 2 ** 31)).toMatch(/between -2147483648 and 2147483647/);
  });

  it('keeps numbers within the digits of numeric(p, s), as rounded to its scale', () => {
    const price = { digits: { whole: 4, scale: 2 } }; // numeric(6, 2)
    expect(limitProblem(price, 9999.994)).toBeUndefined();
    expect(limitProblem(price, -9999.99)).toBeUndefined();
    expect(limitProblem(price, 9999.995)).toBe(
      'must be less than 10000 and greater than -10000 (rounded to 2 decimals)',
    );
    expect(limitProblem(price, 10000)).toMatch(/less than 10000/);
  });

  it('refuses data a column cannot hold with 422 naming every such field, and passes the rest', () => {
    const declared = tableMapOf(animalsInit, { table: 'beasts' });
    const map = withActualStorage(declared, 'integer', (column) => ({
      storage: undefined,
      notNull: false,
      limits:
        column === 'name' ? { maxLength: 5 } : column === 'year_of_birth' ? { range: typeRanges.smallint } : undefined,
    }));
    expect(() => checkLimits(map, { name: 'Leo', yearOfBirth: 2020, weight: 1e300 })).not.toThrow();
    expect(() => checkLimits(map, { name: 'Leonardo', yearOfBirth: 40000 })).toThrow(
      expect.objectContaining({
        status: 422,
        fieldErrors: [
          { field: 'name', message: 'must be at most 5 characters long (it has 8)' },
          { field: 'yearOfBirth', message: 'must be between -32768 and 32767' },
        ],
      }),
    );
  });
});
