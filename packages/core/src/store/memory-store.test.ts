import { describe, expect, it } from 'vitest';
import { memoryDatabase } from './memory-database.js';
import { memoryStore } from './memory-store.js';
import { storeCases, type Part, type Thing } from '../testing/store-cases.js';

interface Animal {
  name: string;
  legs: number;
  tags?: string[];
}

const cat: Animal = { name: 'cat', legs: 4 };
const hen: Animal = { name: 'hen', legs: 2 };

describe('memoryStore: ids and versions', () => {
  it('makes increasing ids, starting with the initial records, and version 1', async () => {
    const store = memoryStore<Animal>({ initial: [cat, hen] });
    const created = await store.create({ name: 'eel', legs: 0 });
    expect(created).toEqual({ id: '3', version: 1, data: { name: 'eel', legs: 0 } });
    expect(await store.get('1')).toEqual({ status: 'found', record: { id: '1', version: 1, data: cat } });
  });

  it('never reuses an id, even after delete and deleteAll', async () => {
    const store = memoryStore<Animal>({ initial: [cat, hen] });
    await store.delete('2');
    expect((await store.create(hen)).id).toBe('3');
    expect(await store.deleteAll()).toEqual({ status: 'ok', count: 2 });
    expect((await store.create(hen)).id).toBe('4');
  });

  it('answers gone for deleted ids and missing for ids never made', async () => {
    const store = memoryStore<Animal>({ initial: [cat] });
    await store.deleteAll();
    for (const id of ['1']) {
      expect(await store.get(id)).toEqual({ status: 'gone' });
      expect(await store.replace(id, hen)).toEqual({ status: 'gone' });
      expect(await store.delete(id)).toEqual({ status: 'gone' });
    }
    for (const id of ['2', '0', '01', '1.0', 'x', '']) {
      expect(await store.get(id)).toEqual({ status: 'missing' });
      expect(await store.replace(id, hen)).toEqual({ status: 'missing' });
      expect(await store.delete(id)).toEqual({ status: 'missing' });
    }
  });

  it('bumps the version on replace and checks expectedVersion', async () => {
    const store = memoryStore<Animal>({ initial: [cat] });
    expect(await store.replace('1', hen, 1)).toMatchObject({ status: 'ok', record: { version: 2, data: hen } });
    expect(await store.replace('1', cat)).toMatchObject({ status: 'ok', record: { version: 3 } });
    const stale = await store.replace('1', cat, 2);
    expect(stale).toMatchObject({ status: 'conflict', current: { id: '1', version: 3, data: cat } });
    expect(await store.delete('1', 2)).toMatchObject({ status: 'conflict', current: { version: 3 } });
    expect(await store.get('1')).toMatchObject({ status: 'found', record: { version: 3 } });
    expect(await store.delete('1', 3)).toEqual({ status: 'ok' });
  });
});

describe('memoryStore: replaceMany', () => {
  it('writes every entry, or nothing when one fails', async () => {
    const store = memoryStore<Animal>({ initial: [cat, hen, cat] });
    await store.delete('3');
    const before = await store.list({ offset: 0, limit: 10 });
    const withId = (id: string) => [
      { id: '1', data: hen },
      { id, data: hen },
    ];
    expect(await store.replaceMany(withId('3'))).toEqual({ status: 'gone', id: '3' });
    expect(await store.replaceMany(withId('9'))).toEqual({ status: 'missing', id: '9' });
    const conflict = await store.replaceMany([
      { id: '1', data: hen },
      { id: '2', data: cat, expectedVersion: 7 },
    ]);
    expect(conflict).toMatchObject({ status: 'conflict', id: '2', current: { version: 1, data: hen } });
    expect(await store.list({ offset: 0, limit: 10 })).toEqual(before);

    const done = await store.replaceMany([
      { id: '2', data: cat, expectedVersion: 1 },
      { id: '1', data: hen },
    ]);
    expect(done).toMatchObject({
      status: 'ok',
      records: [
        { id: '2', version: 2 },
        { id: '1', version: 2 },
      ],
    });
    expect(await store.replaceMany([])).toEqual({ status: 'ok', records: [] });
  });

  it('applies a repeated id in order, each entry bumping the version', async () => {
    const store = memoryStore<Animal>({ initial: [cat] });
    const twice = [
      { id: '1', data: hen, expectedVersion: 1 },
      { id: '1', data: cat, expectedVersion: 2 },
    ];
    const done = await store.replaceMany(twice);
    expect(done).toMatchObject({ status: 'ok', records: [{ version: 2 }, { version: 3, data: cat }] });
    const stale = [
      { id: '1', data: hen },
      { id: '1', data: hen, expectedVersion: 3 },
    ];
    expect(await store.replaceMany(stale)).toMatchObject({ status: 'conflict', id: '1', current: { version: 3 } });
  });
});

describe('memoryStore: copies', () => {
  it('is not affected when the caller changes what it passed in', async () => {
    const input: Animal = { name: 'cat', legs: 4, tags: ['pet'] };
    const store = memoryStore<Animal>({ initial: [input] });
    await store.create(input);
    await store.replaceMany([{ id: '2', data: input }]);
    input.tags!.push('mutated');
    input.legs = 3;
    const { items } = await store.list({ offset: 0, limit: 10 });
    expect(items.map((item) => item.data)).toEqual([cat, cat].map((a) => ({ ...a, tags: ['pet'] })));
  });

  it('hands out deeply frozen records', async () => {
    const store = memoryStore<Animal>();
    const record = await store.create({ name: 'cat', legs: 4, tags: ['pet'] });
    expect(Object.isFrozen(record)).toBe(true);
    expect(Object.isFrozen(record.data)).toBe(true);
    expect(Object.isFrozen(record.data.tags)).toBe(true);
    expect(() => (record.data.tags as string[]).push('x')).toThrow(TypeError);
    const found = await store.get('1');
    expect(found.status === 'found' && found.record).toBe(record);
  });

  it('rejects data it cannot clone without burning an id or writing', async () => {
    const store = memoryStore<object>({ initial: [{ a: 1 }] });
    const bad = { f: () => 1 };
    await expect(store.create(bad)).rejects.toThrow();
    await expect(
      store.replaceMany([
        { id: '1', data: { a: 2 } },
        { id: '1', data: bad },
      ]),
    ).rejects.toThrow();
    expect(await store.get('1')).toMatchObject({ record: { version: 1, data: { a: 1 } } });
    expect((await store.create({})).id).toBe('2');
  });
});

describe('memoryStore: revision', () => {
  it('starts at 0 and counts every successful write, not failed ones', async () => {
    const store = memoryStore<{ a: number }>({ initial: [{ a: 1 }] });
    expect(await store.revision()).toBe(0);
    await store.create({ a: 2 });
    await store.replace('1', { a: 3 });
    await store.replace('1', { a: 4 }, 99); // conflict: no write
    await store.delete('9'); // missing: no write
    expect(await store.revision()).toBe(2);
    expect((await store.list({ offset: 0, limit: 10 })).revision).toBe(2);
    await store.delete('2');
    expect(await store.revision()).toBe(3);
  });

  it('refuses bulk writes against a stale revision and changes nothing', async () => {
    const store = memoryStore<{ a: number }>({ initial: [{ a: 1 }, { a: 2 }] });
    await store.create({ a: 3 });
    expect(await store.replaceMany([{ id: '1', data: { a: 9 } }], 0)).toEqual({ status: 'stale', revision: 1 });
    expect(await store.deleteAll(0)).toEqual({ status: 'stale', revision: 1 });
    expect((await store.list({ offset: 0, limit: 10 })).total).toBe(3);
    expect(await store.replaceMany([{ id: '1', data: { a: 9 } }], 1)).toMatchObject({ status: 'ok' });
    expect(await store.deleteAll(2)).toEqual({ status: 'ok', count: 3 });
    expect(await store.revision()).toBe(3);
  });
});

storeCases('memoryStore', async () => {
  const database = memoryDatabase();
  return {
    things: memoryStore<Thing>({ database }),
    parts: memoryStore<Part>({ database }),
    close: async () => undefined,
  };
});
