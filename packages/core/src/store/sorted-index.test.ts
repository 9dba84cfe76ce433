import { describe, expect, it } from 'vitest';
import { SortedIndex } from './sorted-index.js';

const walk = (index: SortedIndex, order: 'asc' | 'desc' = 'asc') => [...index.walk(order)];

describe('SortedIndex', () => {
  it('builds in value order with ties by sequence number, missing values last', () => {
    const index = SortedIndex.build('legs', [
      [1, 4],
      [2, undefined],
      [3, 2],
      [4, 4],
      [5, null],
      [6, 0],
    ]);
    expect(index.size).toBe(6);
    expect(walk(index)).toEqual([6, 3, 1, 4, 2, 5]);
    expect(walk(index, 'desc')).toEqual([5, 2, 4, 1, 3, 6]);
  });

  it('keeps its order through inserts and removes', () => {
    const index = new SortedIndex('name');
    index.insert(3, 'b');
    index.insert(1, 'b');
    index.insert(2, 'a');
    index.insert(4, undefined);
    expect(walk(index)).toEqual([2, 1, 3, 4]);
    index.remove(1, 'b');
    index.remove(4, undefined);
    expect(walk(index)).toEqual([2, 3]);
  });

  it('survives a remove with the wrong key, and ignores unknown entries', () => {
    const index = SortedIndex.build('x', [
      [1, 'a'],
      [2, 'b'],
    ]);
    index.remove(1, 'zzz');
    index.remove(9, 'a');
    expect(walk(index)).toEqual([2]);
  });

  it('walks lazily, so a caller can stop early', () => {
    const index = SortedIndex.build('x', [
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    const seen: number[] = [];
    for (const seq of index.walk('desc')) {
      seen.push(seq);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([3, 2]);
    index.clear();
    expect(index.size).toBe(0);
  });
});
