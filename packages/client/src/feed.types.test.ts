// Compile-time checks (`npm run typecheck` fails when a marked line compiles): feeds yield events
// whose `record` has the collection's record type, as the list or read they come from. Nothing is sent.
import { defineCollection, memoryStore } from '@corral/core';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createClient } from './client.js';
import type { CollectionTypes } from './declared.js';
import type { Feed } from './feed.js';
import type { ChangeEvent, FeedEvent, ResetEvent } from './feed-events.js';

const notes = defineCollection({
  name: 'notes',
  schema: z.object({ text: z.string(), colour: z.string(), legs: z.number() }),
  filters: { colour: 'colour' },
  store: memoryStore(),
});
const tagged = defineCollection({
  name: 'tagged',
  schema: z.object({ watch: z.boolean(), label: z.string() }),
  store: memoryStore(),
});

type Api = { notes: CollectionTypes<typeof notes, { same: typeof notes }>; tagged: CollectionTypes<typeof tagged> };

describe('the types of feeds', () => {
  const client = createClient<Api>({ baseUrl: 'http://127.0.0.1:1/v1' });
  const checks = async () => {
    const collection = client.collection('notes');
    for await (const event of collection.watch({ filter: { colour: 'red' }, query: 'x' })) {
      if (event.type === 'reset') {
        expectTypeOf(event).toEqualTypeOf<ResetEvent>();
        continue;
      }
      expectTypeOf(event.type).toEqualTypeOf<'created' | 'updated' | 'deleted'>();
      expectTypeOf(event.version).toEqualTypeOf<number>();
      expectTypeOf(event.matches).toEqualTypeOf<boolean>();
      expectTypeOf(event.record?.text).toEqualTypeOf<string | undefined>();
      expectTypeOf(event.record?.legs).toEqualTypeOf<number | undefined>();
      // @ts-expect-error -- no such field
      event.record?.wings;
      // A record of an event follows its links and watches, as any record the client gives.
      if (event.record) expectTypeOf((await event.record.follow('same')).legs).toEqualTypeOf<number>();
      if (event.record) expectTypeOf(event.record.watch()).toEqualTypeOf<Feed<typeof event.record>>();
    }
    // `fields` narrows the records as it does for a list.
    for await (const event of collection.watch({ fields: ['text'] }))
      if (event.type !== 'reset' && event.record) {
        expectTypeOf(event.record.text).toEqualTypeOf<string>();
        // @ts-expect-error -- not among the fields asked for
        event.record.legs;
      }
    // @ts-expect-error -- `legs` is no declared filter
    collection.watch({ filter: { legs: 3 } });
    // @ts-expect-error -- a position is a string
    collection.watch({ after: 3 });

    const page = await collection.list({ fields: ['colour'] });
    expectTypeOf(page.position).toEqualTypeOf<string | undefined>();
    expectTypeOf(page.watch()).toEqualTypeOf<Feed<(typeof page.items)[number]>>();
    collection.watch({ from: page });
    collection.watch({ from: collection.watch() }); // another feed's position

    const note = await collection.get('1');
    expectTypeOf(note.watch({ after: '12' })).toEqualTypeOf<Feed<typeof note>>();
    const next = await note.watch().next();
    if (!next.done && next.value.type !== 'reset')
      expectTypeOf(next.value.record?.colour).toEqualTypeOf<string | undefined>();
    expectTypeOf<FeedEvent<typeof note>>().toEqualTypeOf<ChangeEvent<typeof note> | ResetEvent>();

    // A record whose data has a field named `watch` keeps it.
    const own = await client.collection('tagged').get('1');
    expectTypeOf(own.watch).toEqualTypeOf<boolean>();
  };

  it('types the records of events as the collection declares them', () => {
    expectTypeOf(checks).toBeFunction();
  });
});
