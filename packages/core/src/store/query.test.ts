import { describe, expect, it } from 'vitest';
import { storeInitFor } from '../testing/store-init.js';
import { memoryStore } from './memory-store.js';
import type { IndexedFields } from './indexes.js';
import type { ListQuery } from './store.js';

interface Animal {
  name: string;
  kind?: string | null;
  legs?: number;
}

const animals: Animal[] = [
  { name: 'Zebra', kind: 'mammal', legs: 4 }, // 1
  { name: 'ant', kind: 'insect', legs: 6 }, // 2
  { name: 'Eel', kind: 'fish', legs: 0 }, // 3
  { name: 'emu', kind: 'bird', legs: 2 }, // 4
  { name: 'Yak', kind: 'mammal' }, // 5: no legs
  { name: 'bee', kind: null, legs: 6 }, // 6
  { name: 'Ape', kind: 'mammal', legs: 2 }, // 7
];

const noHints: IndexedFields = { sortable: [], filterable: [] };
const allHints: IndexedFields = { sortable: ['name', 'legs', 'kind'], filterable: ['kind', 'legs', 'name'] };

describe.each([
  ['without indexes', undefined, 'initial'],
  ['with empty hints', noHints, 'initial'],
  ['with indexes', allHints, 'initial'],
  ['with indexes made before the data', allHints, 'created'],
] as const)('list %s', (_label, hints, load) => {
  async function ids(query: Partial<ListQuery>): Promise<{ ids: string[]; total: number }> {
    const store = memoryStore<Animal>({ initial: load === 'created' ? [] : animals });
    if (hints) store.init?.(storeInitFor(hints));
    if (load === 'created') for (const animal of animals) await store.create(animal);
    const result = await store.list({ offset: 0, limit: 100, ...query });
    return { ids: result.items.map((item) => item.id), total: result.total };
  }

  it('lists in id order without a sort', async () => {
    expect(await ids({})).toEqual({ ids: ['1', '2', '3', '4', '5', '6', '7'], total: 7 });
  });

  it('filters by exact equality on every entry', async () => {
    expect(await ids({ filter: { kind: 'mammal' } })).toEqual({ ids: ['1', '5', '7'], total: 3 });
    expect(await ids({ filter: { kind: 'mammal', legs: 2 } })).toEqual({ ids: ['7'], total: 1 });
    expect(await ids({ filter: { legs: '2' } })).toEqual({ ids: [], total: 0 });
    expect(await ids({ filter: { kind: 'reptile' } })).toEqual({ ids: [], total: 0 });
    expect(await ids({ filter: { legs: Number.NaN } })).toEqual({ ids: [], total: 0 });
  });

  it('searches case-insensitively in any of the fields, skipping missing values', async () => {
    const search = (text: string, ...fields: string[]) => ({ search: { text, fields } });
    expect(await ids(search('E', 'name'))).toEqual({ ids: ['1', '3', '4', '6', '7'], total: 5 });
    expect(await ids(search('6', 'name', 'legs'))).toEqual({ ids: ['2', '6'], total: 2 });
    expect(await ids(search('null', 'kind'))).toEqual({ ids: [], total: 0 });
    expect(await ids({ ...search('mAm', 'kind'), filter: { legs: 4 } })).toEqual({ ids: ['1'], total: 1 });
  });

  it('sorts strings by code units and numbers numerically, ties in id order', async () => {
    const byName = await ids({ sort: { field: 'name', order: 'asc' } });
    expect(byName.ids).toEqual(['7', '3', '5', '1', '2', '6', '4']);
    const byLegs = await ids({ sort: { field: 'legs', order: 'asc' } });
    expect(byLegs.ids).toEqual(['3', '4', '7', '1', '2', '6', '5']);
  });

  it('sorts desc as the exact reverse of asc, missing values first', async () => {
    const asc = await ids({ sort: { field: 'kind', order: 'asc' } });
    const desc = await ids({ sort: { field: 'kind', order: 'desc' } });
    expect(asc.ids).toEqual(['4', '3', '2', '1', '5', '7', '6']);
    expect(desc.ids).toEqual([...asc.ids].reverse());
  });

  it('sorts filtered records, and pages with offset and limit', async () => {
    const query = { filter: { kind: 'mammal' }, sort: { field: 'legs', order: 'desc' } } as const;
    expect(await ids(query)).toEqual({ ids: ['5', '1', '7'], total: 3 });
    expect(await ids({ ...query, offset: 1, limit: 1 })).toEqual({ ids: ['1'], total: 3 });
    expect(await ids({ ...query, offset: 5, limit: 10 })).toEqual({ ids: [], total: 3 });
    expect(await ids({ offset: 2, limit: 2 })).toEqual({ ids: ['3', '4'], total: 7 });
    expect(await ids({ offset: 0, limit: 0, sort: { field: 'name', order: 'asc' } })).toEqual({ ids: [], total: 7 });
  });
});

describe('list after writes', () => {
  it('keeps indexes in step with replace, delete and deleteAll', async () => {
    const store = memoryStore<Animal>({ initial: animals });
    store.init?.(storeInitFor(allHints));
    await store.replace('7', { name: 'ape', kind: 'bird', legs: 2 });
    await store.replace('1', { name: 'Zebra', kind: 'bird', legs: 4 });
    await store.delete('4');
    const page = (query: Partial<ListQuery>) =>
      store.list({ offset: 0, limit: 100, ...query }).then((r) => [r.items.map((i) => i.id), r.total]);
    // Records that moved into the bucket come back in id order, not in the order they moved.
    expect(await page({ filter: { kind: 'bird' } })).toEqual([['1', '7'], 2]);
    expect(await page({ filter: { kind: 'mammal' } })).toEqual([['5'], 1]);
    expect(await page({ sort: { field: 'name', order: 'asc' } })).toEqual([['3', '5', '1', '2', '7', '6'], 6]);
    await store.deleteAll();
    await store.create({ name: 'cow', kind: 'mammal', legs: 4 });
    expect(await page({ filter: { kind: 'mammal' }, sort: { field: 'legs', order: 'asc' } })).toEqual([['8'], 1]);
  });
});
