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
