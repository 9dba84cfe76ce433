import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { defineCollection } from './define-collection.js';

const animals = () =>
  defineCollection({
    name: 'animals',
    schema: z.object({ zooId: z.string(), name: z.string(), tag: z.string().optional() }),
    store: memoryStore(),
    unique: ['tag', ['zooId', 'name']],
  });

function api() {
  const made = createApi({ version: 1, collections: [animals()], logger: silentLogger });
  return async (method: string, path: string, body: unknown) => {
    const res = await made.fetch(
      new Request(`http://x/v1/animals${path}`, {
        method,
        headers: { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
}

describe('unique keys on the memory store', () => {
  it('answers 409 valueTaken naming the field or every field of the key, on create, PATCH and bulk PUT', async () => {
    const send = api();
    expect((await send('POST', '', { zooId: '1', name: 'Leo', tag: 'A1' })).status).toBe(201);
    expect((await send('POST', '', { zooId: '2', name: 'Leo' })).status).toBe(201);
    expect(await send('POST', '', { zooId: '1', name: 'Mia', tag: 'A1' })).toMatchObject({
      status: 409,
      json: { errorCode: 1029, errors: [{ field: 'tag', message: 'is already taken by another record' }] },
    });
    expect(await send('PATCH', '/2', { zooId: '1' })).toMatchObject({
      status: 409,
      json: { errors: [{ field: 'zooId' }, { field: 'name' }] },
    });
    // A record may keep its own values; records without a tag do not share one.
    expect((await send('PATCH', '/1', { name: 'Leo', tag: 'A1' })).status).toBe(200);
    expect((await send('POST', '', { zooId: '3', name: 'Kea' })).status).toBe(201);
    const bulk = await send('PUT', '', [
      { id: '1', zooId: '1', name: 'Leo', tag: 'B2' },
      { id: '2', zooId: '2', name: 'Leo', tag: 'B2' },
    ]);
    expect(bulk).toMatchObject({ status: 409, json: { errors: [{ field: 'tag' }] } });
  });
});
