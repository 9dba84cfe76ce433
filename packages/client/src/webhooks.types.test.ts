// Compile-time checks (`npm run typecheck` fails when a marked line compiles): webhook payloads are a
// union on `type` whose record is the collection's, and subscriptions name only known collections.
import { defineCollection, memoryStore } from '@corral/core';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createClient } from './client.js';
import type { CollectionTypes } from './declared.js';
import type { RecordJson, UntypedShape } from './shapes.js';
import { verifyWebhook } from './webhook-verify.js';

const notes = defineCollection({
  name: 'notes',
  schema: z.object({ text: z.string(), legs: z.number() }),
  store: memoryStore(),
});
const tags = defineCollection({ name: 'tags', schema: z.object({ label: z.string() }), store: memoryStore() });
type Api = { notes: CollectionTypes<typeof notes>; tags: CollectionTypes<typeof tags> };

describe('the types of webhooks', () => {
  it('narrows a verified payload by its type to the collection, kind and record', () => {
    const checks = () => {
      const event = verifyWebhook<Api>({ secret: 'whsec_AAAA', headers: {}, body: '' });
      expectTypeOf(event.type).toEqualTypeOf<
        'notes.created' | 'notes.updated' | 'notes.deleted' | 'tags.created' | 'tags.updated' | 'tags.deleted'
      >();
      if (event.type === 'notes.updated') {
        expectTypeOf(event.data.collection).toEqualTypeOf<'notes'>();
        expectTypeOf(event.data.type).toEqualTypeOf<'updated'>();
        expectTypeOf(event.data.record?.legs).toEqualTypeOf<number | undefined>();
        // @ts-expect-error a note has no label
        void event.data.record?.label;
      }
      // Untyped: any collection, records of any JSON with an id and links.
      const any = verifyWebhook({ secret: 'whsec_AAAA', headers: {}, body: '' });
      expectTypeOf(any.data.record).toEqualTypeOf<RecordJson<UntypedShape> | undefined>();
    };
    void checks;
  });

  it('takes only events of known collections and kinds in a typed client', () => {
    const client = createClient<Api>({ baseUrl: 'http://127.0.0.1:1/v1' });
    const checks = async () => {
      await client.webhooks.create({ url: 'https://h.example', events: ['notes.created', 'tags.*'] });
      // @ts-expect-error no such collection
      await client.webhooks.create({ url: 'https://h.example', events: ['zoos.created'] });
      // @ts-expect-error no such kind
      await client.webhooks.update('x', { events: ['notes.moved'] });
      const { subscription, secret } = await client.webhooks.create({ url: 'https://h.example', events: ['tags.*'] });
      expectTypeOf(secret).toEqualTypeOf<string>();
      expectTypeOf(subscription.events).toEqualTypeOf<
        readonly `${'notes' | 'tags'}.${'created' | 'updated' | 'deleted' | '*'}`[]
      >();
    };
    void checks;
    void client.close();
  });
});
