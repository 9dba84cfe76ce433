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

  it('reads a store that checks parent keys itself not at all, and the others a page at a time with one lookup per page', async () => {
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
    expect(calls).toEqual(['list', 'getMany', 'list']);
  });

  it('resolves when every parent key names a record', async () => {
    await expect(zooApi([{ name: 'Berlin Zoo' }], [{ name: 'Lion', zooId: '1' }]).ready()).resolves.toBeUndefined();
  });
});
