// Compile-time checks (`npm run typecheck` fails when a marked line compiles): what a client typed
// by declarations refuses when the declaration leaves filters or link rels out. Nothing is sent.
import { defineCollection, memoryStore } from '@corral/core';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createClient } from './client.js';
import type { CollectionTypes } from './declared.js';

const schema = z.object({ name: z.string(), colour: z.string().optional(), legs: z.number() });
const plain = defineCollection({ name: 'plain', schema, store: memoryStore() });
const filtered = defineCollection({
  name: 'filtered',
  schema,
  filters: { colour: 'colour', legs: { field: 'legs', operators: ['gte', 'lte'] } },
  store: memoryStore(),
});

// The getting-started pattern: the same collection with other scopes.
const scoped = defineCollection({
  name: 'scoped',
  schema,
  filters: { colour: 'colour' },
  sortable: ['legs'],
  store: memoryStore(),
}).with({ scopes: { read: 'notes:read' } });

type Api = {
  plain: CollectionTypes<typeof plain>;
  scoped: CollectionTypes<typeof scoped>;
  filtered: CollectionTypes<typeof filtered, { same: typeof plain; all: [typeof plain] }>;
};

describe('a client typed by declarations that leave things out', () => {
  const client = createClient<Api>({ baseUrl: 'http://127.0.0.1:1/v1' });
  const checks = async () => {
    const plainRecords = client.collection('plain');
    // @ts-expect-error -- the collection declares no filters, so it takes none (the server would answer 400)
    await plainRecords.list({ filter: { colour: 'red' } });
    // @ts-expect-error -- not even a field of its records
    await plainRecords.list({ filter: { name: 'x' } });
    await plainRecords.list({ filter: {} });
    // Declared filters still work as before, and only they.
    await client.collection('filtered').list({ filter: { colour: 'red', legs: { gte: 2 } } });
    // @ts-expect-error -- `name` is no declared filter of this one
    await client.collection('filtered').list({ filter: { name: 'x' } });
    // with() keeps the declared filters and sort fields (issue 32, item 6).
    await client.collection('scoped').list({ filter: { colour: 'red' }, sort: 'legs' });
    // @ts-expect-error -- `name` is not sortable
    await client.collection('scoped').list({ sort: 'name' });
    // @ts-expect-error -- `legs` is no declared filter
    await client.collection('scoped').list({ filter: { legs: 4 } });
    // Without a link map, a record follows only `self` and expands nothing.
    const record = await plainRecords.get('1');
    expectTypeOf(await record.follow('self')).toEqualTypeOf<typeof record>();
    // @ts-expect-error -- no rel was named for this collection
    await record.follow('zoo');
    // @ts-expect-error -- nor through the collection
    await plainRecords.follow(record, 'zoo');
    // @ts-expect-error -- nor as an expansion
    await plainRecords.list({ expand: ['zoo'] });
    // The untyped follow of the client still reaches any link the record has.
    expectTypeOf(client.follow(record, 'zoo')).resolves.toBeUnknown();
    // With a map, the named rels and only they.
    const other = await client.collection('filtered').get('1');
    expectTypeOf((await other.follow('same')).legs).toEqualTypeOf<number>();
    expectTypeOf((await other.follow('all')).items[0]!.name).toEqualTypeOf<string>();
    // @ts-expect-error -- `zoo` is not in the map
    await other.follow('zoo');
  };

  it('refuses filters and rels the declaration does not give', () => {
    expectTypeOf(checks).toBeFunction();
  });
});
