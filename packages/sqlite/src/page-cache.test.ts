import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.js';

const page = (...ids: string[]) => ids.map((id) => ({ id, version: 1, data: {} }));

describe('PageCache', () => {
  it('finds a page again at the same revision only', () => {
    const cache = new PageCache();
    cache.set(3, 'k', page('1', '2'));
    expect(cache.get(3, 'k')?.map((r) => r.id)).toEqual(['1', '2']);
    expect(cache.get(4, 'k')).toBeUndefined();
    cache.set(4, 'other', page('3'));
    expect(cache.get(3, 'k')).toBeUndefined(); // a new revision forgets the old pages
  });

  it('makes keys no two value lists share, and none of blobs', () => {
    expect(PageCache.keyOf('q', ['x\u0000n5'])).not.toBe(PageCache.keyOf('q', ['x', 5]));
    expect(PageCache.keyOf('q', ['5'])).not.toBe(PageCache.keyOf('q', [5]));
    expect(PageCache.keyOf('q', [null])).not.toBe(PageCache.keyOf('q', ['']));
    expect(PageCache.keyOf('q', [5])).toBe(PageCache.keyOf('q', [5n]));
    expect(PageCache.keyOf('q', [new Uint8Array([1])])).toBeUndefined();
  });

  it('holds at most its number of records, dropping the oldest pages first', () => {
    const cache = new PageCache(3);
    cache.set(1, 'a', page('1', '2'));
    cache.set(1, 'b', page('3'));
    cache.set(1, 'c', page('4', '5'));
    expect(cache.get(1, 'a')).toBeUndefined();
    expect(cache.get(1, 'b')).toBeDefined();
    expect(cache.get(1, 'c')).toBeDefined();
    cache.set(1, 'd', page('6', '7', '8', '9'));
    expect(cache.get(1, 'd')).toBeUndefined(); // larger than the whole budget: not kept
  });
});
