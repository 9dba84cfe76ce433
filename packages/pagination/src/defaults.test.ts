import { describe, expect, it } from 'vitest';
import { pagingDefaults, withPagingDefaults } from './defaults.js';
import { parsePaging } from './parse-paging.js';

describe('paging defaults', () => {
  it('are what parsePaging applies when the options name none', () => {
    expect(pagingDefaults).toEqual({ defaultLimit: 10, maxLimit: 100 });
    expect(parsePaging(new URLSearchParams()).limit).toBe(pagingDefaults.defaultLimit);
    expect(parsePaging(new URLSearchParams(`limit=${pagingDefaults.maxLimit}`)).limit).toBe(pagingDefaults.maxLimit);
    expect(() => parsePaging(new URLSearchParams(`limit=${pagingDefaults.maxLimit + 1}`))).toThrow(/limit/);
  });

  it('fill in only what the options leave out', () => {
    expect(withPagingDefaults()).toEqual(pagingDefaults);
    expect(withPagingDefaults({ defaultLimit: 5 })).toEqual({ defaultLimit: 5, maxLimit: 100 });
    expect(withPagingDefaults({ maxLimit: 50 })).toEqual({ defaultLimit: 10, maxLimit: 50 });
  });

  it('cannot be changed', () => {
    expect(Object.isFrozen(pagingDefaults)).toBe(true);
  });
});
