import { describe, expect, it } from 'vitest';
import { Indexes } from './indexes.js';

const hints = { sortable: ['legs'], filterable: ['kind'] };

function state(indexes: Indexes) {
  return {
    byLegs: [...indexes.sorted.get('legs')!.walk('asc')],
    cats: [...(indexes.filters.get('kind')!.lookup('cat')?.inOrder() ?? [])],
    dogs: [...(indexes.filters.get('kind')!.lookup('dog')?.inOrder() ?? [])],
  };
}

describe('Indexes', () => {
  it('builds from existing records, one index per given field', () => {
    const live = new Map([
      [1, { data: { kind: 'cat', legs: 4 } }],
      [2, { data: { kind: 'dog', legs: 3 } }],
    ]);
    const indexes = new Indexes();
    indexes.rebuild(hints, live);
    indexes.rebuild({ sortable: ['kind'], filterable: [] }, live);
    expect([...indexes.sorted.get('kind')!.walk('asc')]).toEqual([1, 2]);
    expect(state(indexes)).toEqual({ byLegs: [2, 1], cats: [1], dogs: [2] });
  });

  it('follows adds, replaces and removes', () => {
    const indexes = new Indexes();
    indexes.rebuild(hints, new Map());
    indexes.added(1, { kind: 'cat', legs: 4 });
    indexes.added(2, { kind: 'dog', legs: 4 });
    indexes.added(3, { kind: 'dog' });
    indexes.replaced(1, { kind: 'cat', legs: 4 }, { kind: 'dog', legs: 1 });
    expect(state(indexes)).toEqual({ byLegs: [1, 2, 3], cats: [], dogs: [1, 2, 3] });
    indexes.replaced(2, { kind: 'dog', legs: 4 }, { kind: 'dog', legs: 4 });
    indexes.removed(3, { kind: 'dog' });
    expect(state(indexes)).toEqual({ byLegs: [1, 2], cats: [], dogs: [1, 2] });
    indexes.clear();
    expect(state(indexes)).toEqual({ byLegs: [], cats: [], dogs: [] });
  });
});
