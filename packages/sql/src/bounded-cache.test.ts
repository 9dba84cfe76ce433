import { describe, expect, it } from 'vitest';
import { BoundedCache, cacheBounds, entryOverhead, stringBytes } from './bounded-cache.js';

const box = (bytes = 0) => ({ bytes });
const weighed = (bounds: { maxEntries: number; maxBytes: number }) =>
  new BoundedCache<{ bytes: number }>(bounds, (value) => value.bytes);

describe('BoundedCache', () => {
  it('weighs an entry as its key, its value and a fixed overhead: an empty value is never free', () => {
    const cache = weighed({ maxEntries: 10, maxBytes: 10_000 });
    expect(cache.weigh('', box())).toBe(stringBytes('') + entryOverhead);
    expect(cache.weigh('abcd', box(100))).toBe(16 + 8 + 100 + entryOverhead);
    cache.set('abcd', box(100));
    expect(cache.bytes).toBe(cache.weigh('abcd', box(100)));
  });

  it('drops the least recently used entry past its number of entries', () => {
    const cache = weighed({ maxEntries: 2, maxBytes: 10_000 });
    cache.set('a', box());
    cache.set('b', box());
    cache.get('a');
    cache.set('c', box());
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.size).toBe(2);
  });

  it('drops the least recently used entries past its bytes, keys counted', () => {
    const key = (n: number) => `${'k'.repeat(200)}${n}`;
    const one = stringBytes(key(0)) + entryOverhead;
    const cache = weighed({ maxEntries: 1_000, maxBytes: 3 * one + 10 });
    for (let n = 0; n < 50; n++) cache.set(key(n), box());
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(3 * one + 10);
    expect(cache.get(key(49))).toBeDefined();
    expect(cache.get(key(46))).toBeUndefined();
  });

  it('keeps no entry heavier than its whole budget, and says so', () => {
    const cache = weighed({ maxEntries: 10, maxBytes: 1_000 });
    expect(cache.set('small', box(10))).toBe(true);
    expect(cache.set('large', box(1_000))).toBe(false);
    expect(cache.get('small')).toBeDefined();
  });

  it('keeps nothing with a bound of 0', () => {
    for (const bounds of [
      { maxEntries: 0, maxBytes: 1_000 },
      { maxEntries: 10, maxBytes: 0 },
    ]) {
      const cache = weighed(bounds);
      expect(cache.set('a', box())).toBe(false);
      expect(cache.off).toBe(true);
      expect(cache.size).toBe(0);
    }
  });

  it('takes the defaults for bounds left out, and refuses bounds that are not whole numbers of 0 or more', () => {
    const defaults = { maxEntries: 5, maxBytes: 500 };
    expect(cacheBounds('pageCache', undefined, defaults)).toEqual(defaults);
    expect(cacheBounds('pageCache', { maxBytes: 9 }, defaults)).toEqual({ maxEntries: 5, maxBytes: 9 });
    for (const bad of [-1, 1.5, Number.NaN, Infinity, '10' as unknown as number]) {
      expect(() => cacheBounds('pageCache', { maxEntries: bad }, defaults)).toThrow(
        expect.objectContaining({
          code: 'CORRAL_INVALID_CACHE_BOUNDS',
          message: expect.stringContaining('pageCache.maxEntries must be a whole number, 0 or more'),
        }),
      );
    }
  });
});
