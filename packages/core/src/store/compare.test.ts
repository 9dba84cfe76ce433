import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareEntries, compareValues, fieldValue, isMissing, sameValueZero } from './compare.js';

const sorted = (values: unknown[]) => [...values].sort(compareValues);

describe('compareValues', () => {
  it('orders numbers numerically, NaN after the others', () => {
    expect(sorted([10, 9, Number.NaN, -1, 2.5])).toEqual([-1, 2.5, 9, 10, Number.NaN]);
  });

  it('orders strings by code point, not locale', () => {
    expect(sorted(['b', 'a', 'B', 'é', 'e'])).toEqual(['B', 'a', 'b', 'e', 'é']);
    // Above U+FFFF comes after U+E000-U+FFFF, as in UTF-8 byte order (UTF-16 units would say otherwise).
    expect(sorted(['\u{11AF4}', '\uFC67', '\uE000', '\uD7FF', '\u{1F600}x', '\u{1F600}', 'z'])).toEqual([
      'z',
      '\uD7FF',
      '\uE000',
      '\uFC67',
      '\u{11AF4}',
      '\u{1F600}',
      '\u{1F600}x',
    ]);
  });

  it('orders strings as their UTF-8 bytes do, for any strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const bytes = Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));
        expect(Math.sign(compareValues(a, b))).toBe(bytes);
      }),
    );
  });

  it('puts false before true', () => {
    expect(sorted([true, false, true])).toEqual([false, true, true]);
  });

  it('orders mixed types by typeof name, missing values last', () => {
    const mixed = [null, 'a', 1, undefined, true, 2n, { x: 1 }];
    expect(sorted(mixed)).toEqual([2n, true, 1, { x: 1 }, 'a', null, undefined]);
  });

  it('treats objects, and missing values, as equal among themselves', () => {
    expect(compareValues({ a: 1 }, [2])).toBe(0);
    expect(compareValues(null, undefined)).toBe(0);
  });
});

describe('compareEntries', () => {
  it('breaks ties by sequence number', () => {
    expect(compareEntries('a', 2, 'a', 1)).toBeGreaterThan(0);
    expect(compareEntries('a', 2, 'b', 1)).toBeLessThan(0);
  });
});

describe('fieldValue', () => {
  it('reads own properties only', () => {
    expect(fieldValue({ a: 1 }, 'a')).toBe(1);
    expect(fieldValue({ a: 1 }, 'toString')).toBeUndefined();
    expect(fieldValue({ a: 1 }, 'constructor')).toBeUndefined();
  });
});

describe('helpers', () => {
  it('isMissing covers null and undefined only', () => {
    const values = [undefined, null, 0, '', false, Number.NaN];
    expect(values.map(isMissing)).toEqual([true, true, false, false, false, false]);
  });

  it('sameValueZero matches Map key equality', () => {
    expect(sameValueZero(Number.NaN, Number.NaN)).toBe(true);
    expect(sameValueZero(0, -0)).toBe(true);
    expect(sameValueZero('1', 1)).toBe(false);
  });
});
