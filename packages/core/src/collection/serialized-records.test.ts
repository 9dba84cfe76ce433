import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoryStore } from '../store/memory-store.js';
import { defineCollection } from './define-collection.js';
import { collectionRuntime } from './runtime.js';
import { SerializedRecords } from './serialized-records.js';
import type { StoredRecord } from '../store/store.js';

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
    expect(JSON.parse(json)).toEqual({
      id: '1',
      name: 'Berlin',
      links: [
        { rel: 'self', href: '/v1/zoos/1' },
        { rel: 'animals', href: '/v1/zoos/1/animals' },
      ],
    });
    expect(runtime.serialized.json('/v1', first.record)).toBe(json);
    expect(linkCalls).toBe(1);
    expect(JSON.parse(runtime.serialized.json('/api/v1', first.record)).links[0].href).toBe('/api/v1/zoos/1');

    const replaced = await zoos.store.replace('1', { name: 'Zurich' });
    expect(replaced.status).toBe('ok');
    if (replaced.status === 'ok')
      expect(JSON.parse(runtime.serialized.json('/v1', replaced.record)).name).toBe('Zurich');
  });
});

describe('SerializedRecords with a store that hands out new objects on every read', () => {
  const zoos = () =>
    defineCollection({
      name: 'zoos',
      schema: z.object({ name: z.string() }),
      store: memoryStore({ initial: [{ name: 'Berlin' }, { name: 'Basel' }] }),
    });

  it('hits by id and version, not by object, and serializes again after a write', async () => {
    const collection = zoos();
    const runtime = collectionRuntime(collection, {});
    const read = async (id: string) =>
      structuredClone(((await collection.store.get(id)) as { record: StoredRecord<object> }).record);
    const json = runtime.serialized.json('/v1', await read('1'));
    expect(runtime.serialized.json('/v1', await read('1'))).toBe(json);
    expect(runtime.serialized.stats).toEqual({ hits: 1, misses: 1 });
    await collection.store.replace('1', { name: 'Bern' });
    expect(JSON.parse(runtime.serialized.json('/v1', await read('1'))).name).toBe('Bern');
    expect(runtime.serialized.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('forgets a deleted record under every prefix at once', async () => {
    const collection = zoos();
    const runtime = collectionRuntime(collection, {});
    const cache = new SerializedRecords(runtime);
    const one = ((await collection.store.get('1')) as { record: StoredRecord<object> }).record;
    cache.json('/v1', one);
    cache.json('/api/v1', one);
    cache.forget('1');
    cache.forget('2'); // never cached: nothing to do
    cache.json('/v1', one);
    cache.json('/api/v1', one);
    expect(cache.stats).toEqual({ hits: 0, misses: 4 });
    cache.clear();
    cache.json('/v1', one);
    expect(cache.stats).toEqual({ hits: 0, misses: 5 });
  });

  it('stays within its budget, dropping the oldest entries first', async () => {
    const collection = zoos();
    const runtime = collectionRuntime(collection, {});
    const small = new SerializedRecords(runtime, 100);
    const one = ((await collection.store.get('1')) as { record: StoredRecord<object> }).record;
    const two = ((await collection.store.get('2')) as { record: StoredRecord<object> }).record;
    small.json('/v1', one); // about 60 characters
    small.json('/v1', two); // over 100 together: the older one goes
    small.json('/v1', two);
    small.json('/v1', one);
    expect(small.stats).toEqual({ hits: 1, misses: 3 });
  });
});
