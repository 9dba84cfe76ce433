import { describe, expect, it } from 'vitest';
import { bothTests, equalityTest, searchTest } from './match.js';

describe('searchTest', () => {
  const test = searchTest({ text: 'Ca', fields: ['name', 'legs', 'note'] })!;

  it('matches a case-insensitive substring of any field', () => {
    expect(test({ name: 'scat' })).toBe(true);
    expect(test({ name: 'dog', note: 'CAT' })).toBe(true);
    expect(test({ name: 'dog' })).toBe(false);
  });

  it('searches non-strings through String() and skips missing values', () => {
    expect(searchTest({ text: '4', fields: ['legs'] })!({ legs: 14 })).toBe(true);
    expect(searchTest({ text: 'tru', fields: ['ok'] })!({ ok: true })).toBe(true);
    expect(searchTest({ text: 'nul', fields: ['note'] })!({ note: null })).toBe(false);
    expect(searchTest({ text: 'und', fields: ['note'] })!({})).toBe(false);
  });

  it('asks nothing for empty text or no search', () => {
    expect(searchTest({ text: '', fields: ['name'] })).toBeUndefined();
    expect(searchTest(undefined)).toBeUndefined();
  });

  it('matches nothing with no fields', () => {
    expect(searchTest({ text: 'a', fields: [] })!({ a: 'a' })).toBe(false);
  });
});

describe('equalityTest', () => {
  it('needs every entry to be === to the field', () => {
    const test = equalityTest([
      ['kind', 'cat'],
      ['legs', 4],
    ])!;
    expect(test({ kind: 'cat', legs: 4 })).toBe(true);
    expect(test({ kind: 'cat', legs: '4' })).toBe(false);
    expect(equalityTest([])).toBeUndefined();
  });
});

describe('bothTests', () => {
  it('combines, treating undefined as always true', () => {
    const yes = () => true;
    const no = () => false;
    expect(bothTests(undefined, undefined)).toBeUndefined();
    expect(bothTests(yes, undefined)).toBe(yes);
    expect(bothTests(undefined, no)).toBe(no);
    expect(bothTests(yes, no)!({})).toBe(false);
  });
});
