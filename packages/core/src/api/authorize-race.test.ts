import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { createApi } from './create-api.js';

const json = (body: unknown) => ({
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('writes checked against a record that changes meanwhile', () => {
  it('re-checks the rule against the record actually overwritten', async () => {
    let slow = true;
    const notes = defineCollection({
      name: 'notes',
      schema: z.object({ text: z.string(), owner: z.string() }),
      // Without auth the rule sees no principal: the caller counts as "alice" here.
      authorize: async ({ record }) => {
        if (slow) await new Promise((resolve) => setTimeout(resolve, 20));
        return record === undefined || record.owner === 'alice';
      },
      store: memoryStore({ initial: [{ text: 'hi', owner: 'alice' }] }),
    });
    const api = createApi({ collections: [notes], logger: silentLogger });
    const put = api.fetch(new Request('http://x/v1/notes/1', json({ text: 'taken back', owner: 'alice' })));
    await new Promise((resolve) => setTimeout(resolve, 5));
    slow = false;
    await notes.store.replace('1', { text: 'hi', owner: 'bob' }); // someone else changes the owner meanwhile
    const res = await put;
    expect(res.status).toBe(403);
    expect(await notes.store.get('1')).toMatchObject({ record: { data: { owner: 'bob' } } });
  });
});

describe('createApi checks its settings at startup', () => {
  it('refuses impossible paging settings', () => {
    expect(() => createApi({ paging: { defaultLimit: 0 } })).toThrow();
    expect(() => createApi({ paging: { defaultLimit: 50, maxLimit: 20 } })).toThrow();
  });
});
