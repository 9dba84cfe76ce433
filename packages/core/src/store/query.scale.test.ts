import { describe, expect, it } from 'vitest';
import { storeInitFor } from '../testing/store-init.js';
import { FilterIndex } from './filter-index.js';
import { memoryStore } from './memory-store.js';
import { runQuery } from './query.js';
import { SortedIndex } from './sorted-index.js';
import type { SortOrder, StoredRecord } from './store.js';

// Not timed: these check results at a size where a wrong plan would still be correct but slow,
// and count index visits so that a plan that scans everything fails without a stopwatch.
const n = 200_000;
interface Animal {
  name?: string;
  group: number;
}
/** Scattered names, 20 groups, and every 97th record without a name. */
const animal = (i: number): Animal =>
  i % 97 === 0 ? { group: i % 20 } : { name: `n${(i * 7919) % 200_003}`, group: i % 20 };

/** The naive answer over (id, data) pairs in id order. */
function naive(rows: [number, Animal][], group: number, order: SortOrder, offset: number, limit: number) {
  const key = (name: string | undefined) => (name === undefined ? '\uffff\uffff' : name);
  const matches = rows.filter(([, data]) => data.group === group);
  matches.sort(([a, x], [b, y]) => (key(x.name) < key(y.name) ? -1 : key(x.name) > key(y.name) ? 1 : a - b));
  if (order === 'desc') matches.reverse();
  return { ids: matches.slice(offset, offset + limit).map(([id]) => String(id)), total: matches.length };
}

describe(`list over ${n} records`, () => {
  it('pages sorted, filtered records like the naive answer, before and after writes', async () => {
    const rows = new Map(Array.from({ length: n }, (_, i) => [i + 1, animal(i)] as [number, Animal]));
    const store = memoryStore<Animal>({ initial: [...rows.values()] });
    store.init?.(storeInitFor({ sortable: ['name'], filterable: ['group'] }));
    const check = async (group: number, order: SortOrder, offset: number, limit: number) => {
      const result = await store.list({ filter: { group }, sort: { field: 'name', order }, offset, limit });
      expect({ ids: result.items.map((item) => item.id), total: result.total }).toEqual(
        naive([...rows], group, order, offset, limit),
      );
    };
    await check(7, 'asc', 0, 10);
    await check(7, 'desc', 0, 10);
    await check(0, 'desc', 300, 25);

    for (let id = 5; id < 5000; id += 50) {
      const data = { name: `a${id}`, group: 7 };
      await store.replace(String(id), data);
      rows.set(id, data);
      await store.delete(String(id + 1));
      rows.delete(id + 1);
    }
    await check(7, 'asc', 0, 10);
    await check(7, 'desc', 0, 10);
    await check(7, 'asc', 95, 10);
  });

  it('walks only about offset + limit matches of the sort index', () => {
    const live = new Map<number, StoredRecord<Animal>>();
    const filter = new FilterIndex('group');
    for (let seq = 1; seq <= n; seq++) {
      const data = animal(seq);
      live.set(seq, { id: String(seq), version: 1, data });
      filter.add(seq, data.group);
    }
    const index = SortedIndex.build(
      'name',
      Array.from(live, ([seq, record]) => [seq, record.data.name] as const),
    );
    let visits = 0;
    const counting = {
      field: 'name',
      *walk(order: SortOrder) {
        for (const seq of index.walk(order)) {
          visits += 1;
          yield seq;
        }
      },
    } as unknown as SortedIndex;
    const source = { live, sorted: new Map([['name', counting]]), filters: new Map([['group', filter]]) };
    const query = { filter: { group: 3 }, sort: { field: 'name', order: 'asc' }, offset: 0, limit: 10 } as const;
    const result = runQuery(source, query);
    expect(result.total).toBe(n / 20);
    expect(result.items).toHaveLength(10);
    // One record in 20 matches, so about 200 visits; a full walk would be 200,000.
    expect(visits).toBeGreaterThanOrEqual(10);
    expect(visits).toBeLessThan(2_000);
  });
});
