import { describe, expect, it } from 'vitest';
import { PageCache, pageCacheDefaults, sharedPages } from './page-cache.js';

const page = (...ids: string[]) => ids.map((id) => ({ id, version: 1, data: { name: `animal ${id}` } }));
const cacheOf = (bounds = pageCacheDefaults) => new PageCache(sharedPages(bounds));

describe('PageCache', () => {
  it('finds a page again at the same revision only', () => {
    const cache = cacheOf();
    cache.set(3, 'k', page('1', '2'));
    expect(cache.get(3, 'k')?.map((r) => r.id)).toEqual(['1', '2']);
    expect(cache.get(4, 'k')).toBeUndefined();
    cache.set(4, 'other', page('3'));
    expect(cache.get(3, 'k')).toBeUndefined(); // a new revision forgets the old pages
    expect(cache.get(4, 'k')).toBeUndefined(); // nor is a page of the old revision served at the new one
  });

  it('makes keys no two value lists share, and none of blobs', () => {
    expect(PageCache.keyOf('q', ['x\u0000n5'])).not.toBe(PageCache.keyOf('q', ['x', 5]));
    expect(PageCache.keyOf('q', ['5'])).not.toBe(PageCache.keyOf('q', [5]));
    expect(PageCache.keyOf('q', [null])).not.toBe(PageCache.keyOf('q', ['']));
    expect(PageCache.keyOf('q', [5])).toBe(PageCache.keyOf('q', [5n]));
    expect(PageCache.keyOf('q', [new Uint8Array([1])])).toBeUndefined();
  });

  it('freezes the records it keeps, and everything in them', () => {
    const records = [{ id: '1', version: 1, data: { tags: ['a'], at: { x: 1 } } }];
    cacheOf().set(1, 'k', records);
    expect(Object.isFrozen(records[0])).toBe(true);
    expect(Object.isFrozen(records[0]!.data.tags)).toBe(true);
    expect(Object.isFrozen(records[0]!.data.at)).toBe(true);
  });

  it('keeps at most its number of pages, empty ones included, dropping the least recently used', () => {
    const pages = sharedPages({ maxEntries: 3, maxBytes: pageCacheDefaults.maxBytes });
    const cache = new PageCache(pages);
    cache.set(1, 'a', []);
    cache.set(1, 'b', []);
    cache.set(1, 'c', page('1'));
    expect(cache.get(1, 'a')).toEqual([]); // now the most recently used
    cache.set(1, 'd', []);
    expect(pages.size).toBe(3);
    expect(cache.get(1, 'b')).toBeUndefined();
    expect(cache.get(1, 'a')).toEqual([]);
    expect(cache.get(1, 'd')).toEqual([]);
  });

  it('keeps at most its bytes, counting each key: 20,000 distinct empty pages stay within them', () => {
    const maxBytes = 64 * 1024;
    const pages = sharedPages({ maxEntries: 1_000_000, maxBytes });
    const cache = new PageCache(pages);
    const sql = `SELECT ${'"column", '.repeat(40)}"id" FROM "animals" WHERE 1 = 1 ORDER BY "id" LIMIT ? OFFSET ?`;
    for (let offset = 0; offset < 20_000; offset++) {
      const key = PageCache.keyOf(sql, [10, 1_000_000 + offset])!;
      cache.set(1, key, []);
    }
    expect(pages.bytes).toBeLessThanOrEqual(maxBytes);
    // Each empty page weighs at least its key (two bytes a character) and a fixed overhead.
    expect(pages.size).toBeLessThanOrEqual(Math.floor(maxBytes / (2 * sql.length)));
    expect(pages.size).toBeGreaterThan(0);
  });

  it('weighs what pages hold: heavier pages leave room for fewer', () => {
    const pages = sharedPages({ maxEntries: 1_000, maxBytes: 256 * 1024 });
    const cache = new PageCache(pages);
    const heavy = (n: number) => [{ id: String(n), version: 1, data: { notes: 'x'.repeat(20_000) } }];
    for (let n = 0; n < 100; n++) cache.set(1, `page ${n}`, heavy(n));
    expect(pages.bytes).toBeLessThanOrEqual(256 * 1024);
    expect(pages.size).toBeLessThan(8); // each holds 40,000 bytes or more of text
    expect(cache.get(1, 'page 99')).toBeDefined();
    expect(cache.get(1, 'page 0')).toBeUndefined();
  });

  it('does not keep a page heavier than its whole budget', () => {
    const cache = cacheOf({ maxEntries: 10, maxBytes: 4096 });
    cache.set(1, 'small', page('1'));
    cache.set(1, 'large', [{ id: '2', version: 1, data: { notes: 'x'.repeat(4096) } }]);
    expect(cache.get(1, 'large')).toBeUndefined();
    expect(cache.get(1, 'small')).toBeDefined();
  });

  it('shares one budget between the tables of a database, and serves each table only its own pages', () => {
    const pages = sharedPages({ maxEntries: 2, maxBytes: pageCacheDefaults.maxBytes });
    const animals = new PageCache(pages);
    const zoos = new PageCache(pages);
    animals.set(1, 'same', page('a'));
    expect(zoos.get(1, 'same')).toBeUndefined();
    zoos.set(1, 'z1', page('z'));
    zoos.set(1, 'z2', page('z'));
    expect(pages.size).toBe(2);
    expect(animals.get(1, 'same')).toBeUndefined();
  });

  it('keeps nothing with a bound of 0', () => {
    const pages = sharedPages({ maxEntries: 0, maxBytes: 1024 });
    new PageCache(pages).set(1, 'a', []);
    expect(pages.off).toBe(true);
    expect(pages.size).toBe(0);
  });
});
