import { createApi, defineCollection, silentLogger, type Store } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** A database of a dialect, opened fresh for one test. */
export interface ExpandHarness {
  /** Stores of the test's database. */
  store<T extends object>(): Store<T>;
  /** Every statement the database ran since the harness opened, where the dialect can tell. */
  readonly statementLog?: readonly string[];
  /** How a statement of this dialect names a table. */
  readonly tableName?: (table: string) => string;
  close(): Promise<void>;
}

type Calls = Record<string, string[]>;

/** The store, with each call it answers noted under the collection's name. */
function counted<T>(name: string, store: Store<T>, calls: Calls): Store<T> {
  const noted = new Set(['list', 'get', 'getMany', 'listGroups']);
  return new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (typeof key === 'string' && noted.has(key)) (calls[name] ??= []).push(key);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** Expansion over a database store: one store call (and, where statements are seen, one statement) per relation level. */
export function expandCases(name: string, open: () => Promise<ExpandHarness>): void {
  describe(`${name}: ?expand= plans one call per relation level`, () => {
    it('reads the related table once for a page of 10 and a page of 100, and embeds the right records', async () => {
      const database = await open();
      const calls: Calls = {};
      try {
        const zoos = defineCollection({
          name: 'zoos',
          schema: z.object({ name: z.string() }),
          store: counted('zoos', database.store<{ name: string }>(), calls),
        });
        const animals = defineCollection({
          name: 'animals',
          schema: z.object({ name: z.string(), zooId: z.string() }),
          parent: { collection: zoos, field: 'zooId', relation: 'zoo', inverse: 'animals' },
          store: counted('animals', database.store<{ name: string; zooId: string }>(), calls),
        });
        const api = createApi({ collections: [zoos, animals], paging: { maxLimit: 100 }, logger: silentLogger });
        await api.ready();
        for (let zoo = 1; zoo <= 20; zoo++) await zoos.store.create({ name: `Zoo ${zoo}` });
        // Zoo n holds n animals (zoo 20 none): groups of every size, some over the cap.
        for (let zoo = 1; zoo < 20; zoo++)
          for (let n = 0; n < zoo; n++) await animals.store.create({ name: `Animal ${zoo}.${n}`, zooId: String(zoo) });
        const get = async (path: string) => {
          for (const key of Object.keys(calls)) delete calls[key];
          const seen = database.statementLog?.length ?? 0;
          const response = await api.fetch(new Request(`http://x/v1/${path}`));
          expect(response.status).toBe(200);
          const zooReads = database.statementLog
            ?.slice(seen)
            .filter((sql) => sql.includes(database.tableName!('zoos'))).length;
          return { body: await response.json(), calls: { ...calls }, zooReads };
        };
        for (const limit of [10, 100]) {
          const { body, calls: made, zooReads } = await get(`animals?limit=${limit}&expand=zoo`);
          expect(made).toEqual({ animals: ['list'], zoos: ['getMany'] });
          if (database.statementLog) expect(zooReads, `statements reading zoos for a page of ${limit}`).toBe(1);
          expect(body.animals).toHaveLength(limit);
          for (const animal of body.animals)
            expect(animal.zoo).toMatchObject({ id: animal.zooId, name: `Zoo ${animal.zooId}` });
        }
        const { body, calls: made } = await get('zoos?limit=20&expand=animals.zoo');
        expect(made).toEqual({ zoos: ['list', 'getMany'], animals: ['listGroups'] });
        body.zoos.forEach(
          (
            zoo: {
              id: string;
              animals: {
                total: number;
                animals: { name: string; zoo: { id: string } }[];
                links: { rel: string; href: string }[];
              };
            },
            index: number,
          ) => {
            const held = index + 1 < 20 ? index + 1 : 0;
            expect(zoo.animals.total).toBe(held);
            expect(zoo.animals.animals.map((animal) => animal.name)).toEqual(
              Array.from({ length: Math.min(held, 10) }, (_, n) => `Animal ${zoo.id}.${n}`),
            );
            for (const animal of zoo.animals.animals) expect(animal.zoo.id).toBe(zoo.id);
            expect(zoo.animals.links).toEqual(
              held > 10 ? [{ rel: 'nextPage', href: `/v1/zoos/${zoo.id}/animals?offset=10&limit=10` }] : [],
            );
          },
        );
        await api.close();
      } finally {
        await database.close();
      }
    });
  });
}
