import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { createApi } from './create-api.js';

function zooApi(zooSeed: { name: string }[], animalSeed: { name: string; zooId: string }[]) {
  const zoos = defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }), store: memoryStore({ initial: zooSeed }) });
  const animals = defineCollection({ name: 'animals', schema: z.object({ name: z.string(), zooId: z.string() }), parent: { collection: zoos, field: 'zooId' }, store: memoryStore({ initial: animalSeed }) });
  return createApi({ collections: [zoos, animals], logger: silentLogger });
}

describe('api.ready()', () => {
  it('refuses seed data whose parent key names no parent record', async () => {
    await expect(zooApi([], [{ name: 'Lion', zooId: '1' }]).ready()).rejects.toThrow('animals 1 names zooId "1", which is no record of zoos');
  });

  it('resolves when every parent key names a record', async () => {
    await expect(zooApi([{ name: 'Berlin Zoo' }], [{ name: 'Lion', zooId: '1' }]).ready()).resolves.toBeUndefined();
  });
});
