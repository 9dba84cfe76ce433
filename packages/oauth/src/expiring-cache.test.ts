import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './expiring-cache.js';

describe('ExpiringCache', () => {
  it('returns values until they expire', () => {
    let now = 1000;
    const cache = new ExpiringCache<string>(10, () => now);
    cache.set('a', 'A', 2000);
    expect(cache.get('a')).toBe('A');
    now = 2000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not store what is already expired, and drops the oldest when full', () => {
    const cache = new ExpiringCache<number>(2, () => 0);
    cache.set('old', 1, 0);
    expect(cache.get('old')).toBeUndefined();
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    cache.set('c', 3, 10);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('stores nothing with a size of zero', () => {
    const cache = new ExpiringCache<number>(0, () => 0);
    cache.set('a', 1, 10);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('ExpiringCache with a byte budget', () => {
  const sized = (maxBytes: number) =>
    new ExpiringCache<string>(
      { maxEntries: 100, maxBytes, sizeOf: (key, value) => key.length + String(value).length },
      () => 0,
    );

  it('drops the oldest entries until the new one fits', () => {
    const cache = sized(10);
    cache.set('a', '1234', 10); // 5 bytes
    cache.set('b', '1234', 10); // 10 bytes in all
    cache.set('c', '12', 10); // 3 more: a goes
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, '1234', '12']);
    expect(cache.byteSize).toBe(8);
  });

  it('never stores an entry larger than the whole budget, and counts replaced and expired entries out', () => {
    let now = 0;
    const cache = new ExpiringCache<string>(
      { maxEntries: 100, maxBytes: 10, sizeOf: (key, value) => key.length + String(value).length },
      () => now,
    );
    cache.set('huge', '0123456789', 10);
    expect(cache.size).toBe(0);
    cache.set('a', '12', 10);
    cache.set('a', '1', 10);
    expect(cache.byteSize).toBe(2);
    now = 10;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.byteSize).toBe(0);
  });
});

describe('ExpiringCache that hashes part of each key', () => {
  const tail = (key: string) => key.slice(-2);

  it('answers only for the whole key, and lets a key with the same part take the place', () => {
    const cache = new ExpiringCache<string>({ maxEntries: 10, hashedPart: tail }, () => 0);
    cache.set('first-xy', 'one', 10);
    expect(cache.get('first-xy')).toBe('one');
    expect(cache.get('other-xy')).toBeUndefined();
    cache.set('other-xy', 'two', 10);
    expect([cache.get('first-xy'), cache.get('other-xy')]).toEqual([undefined, 'two']);
    expect(cache.size).toBe(1);
  });

  it('counts the bytes of a replaced key out', () => {
    const cache = new ExpiringCache<string>(
      { maxEntries: 10, maxBytes: 100, sizeOf: (key) => key.length, hashedPart: tail },
      () => 0,
    );
    cache.set('long-key-xy', 'a', 10);
    cache.set('k-xy', 'b', 10);
    expect(cache.byteSize).toBe(4);
  });
});
