import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import type { Store, StoreInit } from '../store/store.js';
import { defineCollection } from './define-collection.js';
import { storeInitOf } from './runtime.js';

const zoos = defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }) });

describe('what a collection tells its store', () => {
  it('names required, nullable and enum fields, so a database can hold them as NOT NULL columns and checks', () => {
    const animals = defineCollection({
      name: 'animals',
      schema: z.object({
        name: z.string(),
        kind: z.enum(['bird', 'fish']),
        legs: z.number().int().default(2),
        nickname: z.string().optional(),
        notes: z.string().nullable(),
        extra: z.unknown(),
      }),
      parent: { collection: zoos, field: 'zooId', topLevel: false, onParentDelete: 'cascade' },
    });
    const init = storeInitOf(animals);
    expect(init).toMatchObject({
      collection: 'animals',
      fields: {
        name: 'string',
        kind: 'enum',
        legs: 'integer',
        nickname: 'string',
        notes: 'string',
        extra: 'json',
        zooId: 'string',
      },
      required: ['name', 'kind', 'legs', 'zooId'],
      nullable: ['notes', 'extra'],
      enums: { kind: ['bird', 'fish'] },
      parentField: 'zooId',
      parent: { field: 'zooId', collection: 'zoos', onDelete: 'cascade' },
    });
    expect(init.parent?.store).toBe(zoos.store);
  });

  it('passes the limits zod declares and the unique keys, so a database can check them too', () => {
    const books = defineCollection({
      name: 'books',
      schema: z.object({
        isbn: z.string().length(13),
        title: z.string().min(1).max(200).regex(/\S/),
        priceCents: z.number().int().min(0),
        rating: z.number().gt(0).lte(5).optional(),
        year: z.int32().nullable(),
        genre: z.enum(['novel', 'poetry']),
        notes: z.string(),
      }),
      unique: ['isbn', ['title', 'year']],
    });
    const init = storeInitOf(books);
    expect(init.limits).toEqual({
      isbn: { minLength: 13, maxLength: 13 },
      title: { minLength: 1, maxLength: 200 },
      priceCents: { minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      rating: { exclusiveMinimum: 0, maximum: 5 },
      year: { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
    });
    expect(init.unique).toEqual([['isbn'], ['title', 'year']]);
  });

  it('names the fields holding ids (the parent key, each relation), which a database may keep in integer columns', () => {
    const keepers = defineCollection({ name: 'keepers', schema: z.object({ name: z.string() }) });
    const animals = defineCollection({
      name: 'animals',
      schema: z.object({ name: z.string(), keeperId: z.string(), zooId: z.string() }),
      parent: { collection: zoos, field: 'zooId', relation: 'zoo' },
      relations: { keeper: { collection: keepers, field: 'keeperId' } },
    });
    expect(storeInitOf(animals).idFields).toEqual(['zooId', 'keeperId']);
  });

  it('defaults a parent relation to restrict', () => {
    const animals = defineCollection({
      name: 'animals',
      schema: z.object({ zooId: z.string() }),
      parent: { collection: zoos, field: 'zooId' },
    });
    expect(storeInitOf(animals).parent?.onDelete).toBe('restrict');
  });
});

describe('opening the stores', () => {
  it('opens a parent collection before its children (a foreign key needs the parent table), unrelated ones together', async () => {
    const events: string[] = [];
    const slow = <T extends object>(name: string, ms: number): Store<T> => ({
      ...memoryStore<T>(),
      init: async (init: StoreInit) => {
        events.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`${name} done${init.parent ? ` (parent ${init.parent.collection})` : ''}`);
      },
    });
    const parent = defineCollection({
      name: 'zoos',
      schema: z.object({ name: z.string() }),
      store: slow<{ name: string }>('zoos', 30),
    });
    const child = defineCollection({
      name: 'animals',
      schema: z.object({ zooId: z.string() }),
      parent: { collection: parent, field: 'zooId' },
      store: slow<{ zooId: string }>('animals', 1),
    });
    const other = defineCollection({
      name: 'birds',
      schema: z.object({ name: z.string() }),
      store: slow<{ name: string }>('birds', 1),
    });
    const api = createApi({ collections: [child, other, parent], logger: silentLogger });
    await api.ready();
    expect(events.indexOf('animals start')).toBeGreaterThan(events.indexOf('zoos done'));
    expect(events.indexOf('birds start')).toBeLessThan(events.indexOf('zoos done'));
    expect(events).toContain('animals done (parent zoos)');
    await api.close();
  });
});
