import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoryStore } from '../store/memory-store.js';
import { defineCollection } from './define-collection.js';
import { collectionRuntime } from './runtime.js';

describe('SerializedRecords', () => {
  it('gives the JSON of the representation, reuses it while the record is unchanged, and follows writes', async () => {
    let linkCalls = 0;
    const zoos = defineCollection({
      name: 'zoos',
      schema: z.object({ name: z.string() }),
      links: (zoo) => (linkCalls++, [{ rel: 'animals', href: `zoos/${zoo.id}/animals` }]),
      store: memoryStore({ initial: [{ name: 'Berlin' }] }),
    });
    const runtime = collectionRuntime(zoos, {});
    const first = (await zoos.store.get('1')) as { record: Parameters<typeof runtime.serialized.json>[1] };
    const json = runtime.serialized.json('/v1', first.record);
    expect(JSON.parse(json)).toEqual({ id: '1', name: 'Berlin', links: [{ rel: 'self', href: '/v1/zoos/1' }, { rel: 'animals', href: '/v1/zoos/1/animals' }] });
    expect(runtime.serialized.json('/v1', first.record)).toBe(json);
    expect(linkCalls).toBe(1);
    expect(JSON.parse(runtime.serialized.json('/api/v1', first.record)).links[0].href).toBe('/api/v1/zoos/1');

    const replaced = await zoos.store.replace('1', { name: 'Zurich' });
    expect(replaced.status).toBe('ok');
    if (replaced.status === 'ok') expect(JSON.parse(runtime.serialized.json('/v1', replaced.record)).name).toBe('Zurich');
  });
});
