import { describe, expect, it } from 'vitest';
import { ArrayIdSet, mapKeysIdSet } from './id-set.js';

describe('mapKeysIdSet', () => {
  it('follows the map, in insertion order, as it changes', () => {
    const map = new Map([
      [1, 'a'],
      [2, 'b'],
    ]);
    const ids = mapKeysIdSet(map);
    map.set(1, 'c');
    expect([...ids.inOrder()]).toEqual([1, 2]);
    expect(ids.has(2)).toBe(true);
    expect(ids.has(3)).toBe(false);
    expect(ids.size).toBe(2);
  });
});

describe('ArrayIdSet', () => {
  it('answers size, order and membership', () => {
    const ids = new ArrayIdSet([2, 5, 9]);
    expect(ids.size).toBe(3);
    expect([...ids.inOrder()]).toEqual([2, 5, 9]);
    expect([5, 6].map((seq) => ids.has(seq))).toEqual([true, false]);
  });
});
