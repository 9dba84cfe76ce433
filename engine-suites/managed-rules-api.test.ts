// The limits and unique keys of a collection, through the API, on a table each engine makes.
import { createApi, defineCollection, silentLogger } from '@corral/core';
import { type EngineDatabase, forEachEngine } from '@corral/sql/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { engines } from './engines.js';

const schema = z.object({
  isbn: z.string().length(13),
  title: z.string().min(1).max(100),
  priceCents: z.number().int().min(0),
});

await forEachEngine(engines(), (engine) => {
  describe('limits and unique keys through the API', () => {
    let database: EngineDatabase | undefined;
    afterEach(() => database?.close());

    const booksApi = () => {
      database = engine.open();
      const books = defineCollection({
        name: 'books',
        schema,
        store: database.store(),
        unique: ['isbn', ['title', 'priceCents']],
      });
      const api = createApi({ version: 1, collections: [books], logger: silentLogger });
      const post = async (body: unknown) => {
        const res = await api.fetch(
          new Request('http://x/v1/books', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        );
        return { status: res.status, json: (await res.json()) as Record<string, unknown> };
      };
      return { api, post, outside: database.outside.bind(database) };
    };
    const dune = { isbn: '9780441013593', title: 'Dune', priceCents: 999 };

    it("answers a value out of range with the schema's 422 before any statement, and SQL cannot write it either", async () => {
      const { api, post, outside } = booksApi();
      await api.ready();
      const res = await post({ ...dune, priceCents: -5 });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([{ field: 'priceCents', message: expect.stringMatching(/>=0/) }]);
      await expect(
        outside(`INSERT INTO books (isbn, title, price_cents) VALUES ('9780441013593', 'Dune', -5)`),
      ).rejects.toThrow();
      await expect(outside(`INSERT INTO books (isbn, title, price_cents) VALUES ('978', 'Dune', 5)`)).rejects.toThrow();
    });

    it('answers a taken unique value with 409 valueTaken naming the field, or every field of a key', async () => {
      const { api, post } = booksApi();
      await api.ready();
      expect((await post(dune)).status).toBe(201);
      const isbn = await post({ ...dune, title: 'Dune (again)' });
      expect(isbn).toMatchObject({ status: 409, json: { errorCode: 1029, errors: [{ field: 'isbn' }] } });
      const pair = await post({ ...dune, isbn: '9780441013594' });
      expect(pair).toMatchObject({ status: 409, json: { errors: [{ field: 'title' }, { field: 'priceCents' }] } });
      expect((await post({ ...dune, isbn: '9780441013594', priceCents: 1099 })).status).toBe(201);
    });
  });
});
