import { z } from 'zod';
import { createApi, type ApiOptions } from '../index.js';
import { defineCollection } from '../collection/define-collection.js';
import { defineOperation } from '../operation/define-operation.js';
import { memoryStore } from '../store/memory-store.js';
import type { Store } from '../store/store.js';
import { silentLogger } from '../http/logger.js';

let wrapStore = <T>(store: Store<T>): Store<T> => store;

/** Makes {@link testApi} wrap each of its stores, e.g. in {@link freshObjectStore}; for the test file that calls it. */
export function wrapFixtureStores(wrapper: <T>(store: Store<T>) => Store<T>): void {
  wrapStore = wrapper;
}

/** A small API declared the way users declare theirs, for the HTTP tests. */
export function testApi(options: Partial<ApiOptions> = {}) {
  const employee = z.object({
    name: z.string().min(1),
    yearOfBirth: z.number().int().min(1900).max(2026),
    state: z.enum(['internal', 'external']),
    maturity: z.enum(['junior', 'intermediate', 'senior']),
  });
  const employees = defineCollection({
    name: 'employees',
    schema: employee,
    filters: { state: 'state', maturity: 'maturity' },
    sortable: ['name', 'yearOfBirth'],
    searchable: ['name'],
    links: (e) => [{ rel: 'salary', href: `employees/${e.id}/salaryStatements` }],
    store: wrapStore(
      memoryStore({
        initial: [
          { name: 'Ada', yearOfBirth: 1980, state: 'internal', maturity: 'senior' },
          { name: 'Bert', yearOfBirth: 1990, state: 'external', maturity: 'junior' },
          { name: 'Cleo', yearOfBirth: 1985, state: 'internal', maturity: 'senior' },
        ],
      }),
    ),
  });
  const salaryStatements = defineCollection({
    name: 'salaryStatements',
    schema: z.object({ period: z.string().regex(/^\d{4}-\d{2}$/), grossAmount: z.number().min(0) }),
    sortable: ['period'],
    parent: { collection: employees, field: 'employeeId', topLevel: false, onParentDelete: 'cascade' },
    store: wrapStore(memoryStore()),
  });
  const zoos = defineCollection({
    name: 'zoos',
    schema: z.object({ name: z.string(), city: z.string().optional() }),
    sortable: ['name'],
    links: (zoo) => [{ rel: 'animals', href: `zoos/${zoo.id}/animals` }],
    store: wrapStore(
      memoryStore({
        initial: [
          { name: 'Berlin Zoo', city: 'Berlin' },
          { name: 'Zurich Zoo', city: 'Zurich' },
        ],
      }),
    ),
  });
  const animals = defineCollection({
    name: 'animals',
    schema: z.object({ name: z.string(), zooId: z.string(), yearOfBirth: z.number().int().optional() }),
    filters: { zoo_id: 'zooId' },
    sortable: ['name', 'yearOfBirth'],
    searchable: ['name'],
    parent: { collection: zoos, field: 'zooId' },
    store: wrapStore(
      memoryStore({
        initial: [
          { name: 'Lion', zooId: '1', yearOfBirth: 2015 },
          { name: 'Tiger', zooId: '1', yearOfBirth: 2018 },
          { name: 'Penguin', zooId: '2', yearOfBirth: 2020 },
        ],
      }),
    ),
  });
  const calculate = defineOperation({
    name: 'calculate',
    query: z.object({ para2: z.array(z.coerce.number()).length(2) }),
    handler: ({ query }) => ({ result: query.para2[0]! + query.para2[1]! }),
  });
  return createApi({
    title: 'Test API',
    collections: [employees, salaryStatements, zoos, animals],
    operations: [calculate],
    logger: silentLogger,
    ...options,
  });
}
