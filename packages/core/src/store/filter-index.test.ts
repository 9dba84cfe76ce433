import { describe, expect, it } from 'vitest';
import { FilterIndex } from './filter-index.js';

const ids = (index: FilterIndex, value: unknown) => {
  const set = index.lookup(value);
  return set ? [...set.inOrder()] : undefined;
};

describe('FilterIndex', () => {
  it('maps each value to its ids, with sizes and membership', () => {
    const index = new FilterIndex('kind');
    index.add(1, 'cat');
    index.add(2, 'dog');
    index.add(3, 'cat');
    index.add(4, undefined);
    expect(ids(index, 'cat')).toEqual([1, 3]);
    expect(index.lookup('cat')?.size).toBe(2);
    expect(index.lookup('cat')?.has(2)).toBe(false);
    expect(ids(index, undefined)).toEqual([4]);
    expect(index.lookup('cow')).toBeUndefined();
  });

  it('uses === semantics: NaN finds nothing, -0 finds 0', () => {
    const index = new FilterIndex('n');
    index.add(1, Number.NaN);
    index.add(2, 0);
    expect(index.lookup(Number.NaN)).toBeUndefined();
    expect(ids(index, -0)).toEqual([2]);
  });

  it('reads a bucket in id order after ids moved into it out of order', () => {
    const index = new FilterIndex('kind');
    for (const seq of [1, 2, 3, 4]) index.add(seq, seq % 2 ? 'odd' : 'even');
    index.remove(3, 'odd');
    index.add(3, 'even');
    index.remove(1, 'odd');
    index.add(1, 'even');
    expect(ids(index, 'even')).toEqual([1, 2, 3, 4]);
    index.add(5, 'even');
    expect(ids(index, 'even')).toEqual([1, 2, 3, 4, 5]);
  });

  it('drops emptied buckets and clears', () => {
    const index = new FilterIndex('kind');
    index.add(1, 'cat');
    index.remove(1, 'cat');
    index.remove(1, 'never there');
    expect(index.lookup('cat')).toBeUndefined();
    index.add(2, 'dog');
    index.clear();
    expect(index.lookup('dog')).toBeUndefined();
  });
});
