import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { defineCollection } from './define-collection.js';

function family() {
  const people = defineCollection({
    name: 'people',
    schema: z.object({ name: z.string() }),
    store: memoryStore({ initial: [{ name: 'Ann' }, { name: 'Bob' }] }),
  });
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ text: z.string() }),
    parent: { collection: people, field: 'personId', topLevel: false, onParentDelete: 'cascade' },
    store: memoryStore({
      initial: [
        { text: 'a', personId: '1' },
        { text: 'b', personId: '1' },
        { text: 'c', personId: '2' },
      ] as never[],
    }),
  });
  const pets = defineCollection({
    name: 'pets',
    schema: z.object({ name: z.string(), ownerId: z.string() }),
    parent: { collection: people, field: 'ownerId' },
    store: memoryStore({ initial: [{ name: 'Rex', ownerId: '2' }] }),
  });
  const api = createApi({ collections: [people, notes, pets], logger: silentLogger });
  const del = (path: string, headers: Record<string, string> = {}) =>
    api.fetch(new Request(`http://x${path}`, { method: 'DELETE', headers }));
  return { people, notes, pets, del };
}

describe('deleting a parent record', () => {
  it('takes cascading children with it', async () => {
    const { notes, del } = family();
    expect((await del('/v1/people/1')).status).toBe(204);
    expect((await notes.store.get('1')).status).toBe('gone');
    expect((await notes.store.get('2')).status).toBe('gone');
    expect((await notes.store.get('3')).status).toBe('found');
  });

  it('is refused (409) while restricted children refer to it, and nothing is deleted', async () => {
    const { people, notes, del } = family();
    const res = await del('/v1/people/2');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: expect.stringMatching(/1 record\(s\) of pets/),
      errorCode: 1021,
      additionalInformation: expect.stringMatching(/\/1021$/),
    });
    expect((await people.store.get('2')).status).toBe('found');
    expect((await notes.store.get('3')).status).toBe('found');
    expect((await del('/v1/people')).status).toBe(409);
    expect((await del('/v1/pets/1')).status).toBe(204);
    expect((await del('/v1/people')).status).toBe(204);
    expect((await notes.store.list({ offset: 0, limit: 10 })).total).toBe(0);
  });

  it('checks If-Match before the children: a stale tag is 412 even where children refer to the record', async () => {
    const { people, del } = family();
    const stale = await del('/v1/people/2', { 'if-match': '"v99"' });
    expect(stale.status).toBe(412);
    expect((await del('/v1/people/2')).status).toBe(409);
    expect((await people.store.get('2')).status).toBe('found');
  });

  it('checks a bulk If-Match before the children too: a stale list tag is 412 where restricted children exist', async () => {
    const { people, del } = family();
    const listed = `"r${await people.store.revision()}"`;
    await people.store.create({ name: 'Cy' });
    expect((await del('/v1/people', { 'if-match': listed })).status).toBe(412);
    expect((await people.store.count({})).valueOf()).toBe(3);
  });

  it('refuses at startup a parent that is not part of the API', () => {
    const { notes } = family();
    expect(() => createApi({ collections: [notes], logger: silentLogger })).toThrow(/not part of this API/);
  });
});

describe('deleting through several levels', () => {
  it('refuses (409) without deleting anything when a cascade child has a restricted child of its own', async () => {
    const people = defineCollection({
      name: 'people',
      schema: z.object({ name: z.string() }),
      store: memoryStore({ initial: [{ name: 'Ann' }] }),
    });
    const notes = defineCollection({
      name: 'notes',
      schema: z.object({ text: z.string() }),
      parent: { collection: people, field: 'personId', topLevel: false, onParentDelete: 'cascade' },
      store: memoryStore({ initial: [{ text: 'a', personId: '1' }] as never[] }),
    });
    const stars = defineCollection({
      name: 'stars',
      schema: z.object({ noteId: z.string() }),
      parent: { collection: notes, field: 'noteId' },
      store: memoryStore({ initial: [{ noteId: '1' }] }),
    });
    const api = createApi({ collections: [people, notes, stars], logger: silentLogger });
    const res = await api.fetch(new Request('http://x/v1/people/1', { method: 'DELETE' }));
    expect(res.status).toBe(409);
    expect((await people.store.get('1')).status).toBe('found');
    expect((await notes.store.get('1')).status).toBe('found');
  });
});
