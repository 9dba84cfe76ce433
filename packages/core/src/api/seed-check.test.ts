import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { createApi } from './create-api.js';

function zooApi(zooSeed: { name: string }[], animalSeed: { name: string; zooId: string }[]) {
  const zoos = defineCollection({
    name: 'zoos',
    schema: z.object({ name: z.string() }),
    store: memoryStore({ initial: zooSeed }),
  });
  const animals = defineCollection({
    name: 'animals',
    schema: z.object({ name: z.string(), zooId: z.string() }),
    parent: { collection: zoos, field: 'zooId' },
    store: memoryStore({ initial: animalSeed }),
  });
  return createApi({ collections: [zoos, animals], logger: silentLogger });
}

describe('api.ready()', () => {
  it('refuses seed data whose parent key names no parent record', async () => {
    await expect(zooApi([], [{ name: 'Lion', zooId: '1' }]).ready()).rejects.toThrow(
      'animals 1 names zooId "1", which is no record of zoos',
    );
  });

  it('reads a store that checks parent keys itself not at all, and of the others only the seeded records, never with list', async () => {
    const calls: string[] = [];
    const zoos = defineCollection({
      name: 'zoos',
      schema: z.object({ name: z.string() }),
      store: memoryStore({ initial: [{ name: 'A' }, { name: 'B' }] }),
    });
    const zooStore = zoos.store;
    const watched = {
      ...zooStore,
      get: (...args: Parameters<typeof zooStore.get>) => (calls.push('get'), zooStore.get(...args)),
      getMany: (...args: Parameters<typeof zooStore.getMany>) => (calls.push('getMany'), zooStore.getMany(...args)),
    };
    const watchedZoos = zoos.with({ store: watched });
    const animalsOf = (checksParentKeys: boolean) => {
      const inner = memoryStore({
        initial: Array.from({ length: 1500 }, (_, n) => ({ name: `Animal ${n}`, zooId: String(1 + (n % 2)) })),
      });
      const store = {
        ...inner,
        checksParentKeys,
        list: (...args: Parameters<typeof inner.list>) => (calls.push('list'), inner.list(...args)),
      };
      return defineCollection({
        name: 'animals',
        schema: z.object({ name: z.string(), zooId: z.string() }),
        parent: { collection: watchedZoos, field: 'zooId' },
        store,
      });
    };
    await createApi({ collections: [watchedZoos, animalsOf(true)], logger: silentLogger }).ready();
    expect(calls).toEqual([]);
    await createApi({ collections: [watchedZoos, animalsOf(false)], logger: silentLogger }).ready();
    // 1,500 seeded records in two pages of ids; their two parent keys are looked up once.
    expect(calls).toEqual(['getMany']);
  });

  it('does not page through a custom store that holds records it was not seeded with (issue 32, item 12)', async () => {
    const zoos = defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }), store: memoryStore() });
    const animalsIn = (seeded: readonly string[] | undefined) => {
      // A database-like store: it already holds 2,500 records, and does not check parent keys itself.
      const inner = memoryStore({
        initial: Array.from({ length: 2500 }, (_, n) => ({ name: `Animal ${n}`, zooId: 'elsewhere' })),
      });
      const { seededIds: _all, ...rest } = inner;
      const read: string[][] = [];
      const store = {
        ...rest,
        ...(seeded ? { seededIds: () => seeded } : {}),
        list: () => Promise.reject(new Error('the seed check must not list the collection')),
        getMany: (ids: readonly string[]) => (read.push([...ids]), inner.getMany(ids)),
      };
      const animals = defineCollection({
        name: 'animals',
        schema: z.object({ name: z.string(), zooId: z.string() }),
        parent: { collection: zoos, field: 'zooId' },
        store,
      });
      return { animals, read };
    };
    const unseeded = animalsIn(undefined);
    await createApi({ collections: [zoos, unseeded.animals], logger: silentLogger }).ready();
    expect(unseeded.read).toEqual([]);
    const tookNone = animalsIn([]);
    await createApi({ collections: [zoos, tookNone.animals], logger: silentLogger }).ready();
    expect(tookNone.read).toEqual([]);
    const tookTwo = animalsIn(['7', '2400']);
    await expect(createApi({ collections: [zoos, tookTwo.animals], logger: silentLogger }).ready()).rejects.toThrow(
      'animals 7 names zooId "elsewhere", which is no record of zoos',
    );
    expect(tookTwo.read).toEqual([['7', '2400']]);
  });

  it('resolves when every parent key names a record', async () => {
    await expect(zooApi([{ name: 'Berlin Zoo' }], [{ name: 'Lion', zooId: '1' }]).ready()).resolves.toBeUndefined();
  });
});
