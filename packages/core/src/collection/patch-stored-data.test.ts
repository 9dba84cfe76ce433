import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { defineCollection } from './define-collection.js';

const book = z.object({ title: z.string().min(1), priceCents: z.number().int().min(0), note: z.string().optional() });

/** A book stored with a price the schema refuses, as another program (or an older schema) left it. */
function api(schema: z.ZodObject = book) {
  const books = defineCollection({
    name: 'books',
    schema,
    store: memoryStore({ initial: [{ title: 'Dune', priceCents: -5 }] as never[] }),
  });
  const made = createApi({ version: 1, collections: [books], logger: silentLogger });
  return async (body: unknown) => {
    const res = await made.fetch(
      new Request('http://x/v1/books/1', {
        method: 'PATCH',
        headers: { 'content-type': 'application/merge-patch+json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
}

describe('PATCH of a record whose stored data the schema no longer takes', () => {
  it('goes ahead on the fields it sent, keeping the stored value as it is', async () => {
    const patch = api();
    const res = await patch({ title: 'Dune Messiah' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: 'Dune Messiah', priceCents: -5 });
  });

  it('names only the fields it sent when they are invalid', async () => {
    const res = await api()({ title: '' });
    expect(res.status).toBe(422);
    expect((res.json.errors as { field: string }[]).map((error) => error.field)).toEqual(['title']);
  });

  it('accepts a patch that sends a valid value for the stored one', async () => {
    const res = await api()({ priceCents: 100 });
    expect(res).toMatchObject({ status: 200, json: { priceCents: 100 } });
    expect((await api()({ priceCents: -1 })).status).toBe(422);
  });

  it('names the stored field as stored data when a rule over the whole record needs it valid', async () => {
    const checked = book.refine((value) => value.title !== 'x', { message: 'no x' });
    const res = await api(checked)({ title: 'Dune Messiah' });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([
      {
        field: 'priceCents',
        message: expect.stringMatching(
          /^The stored value no longer passes the schema .*send a new value for priceCents/,
        ),
      },
    ]);
  });
});
