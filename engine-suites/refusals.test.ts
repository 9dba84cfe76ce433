// A bookshop's tables made by plain SQL: every refusal of the database answers 422 naming the
// body's field (never a constraint or a column), writes nothing, and a field whose type cannot fit
// its column stops start-up.
import { createApi, defineCollection, isCorralError, silentLogger } from '@corral/core';
import { forEachEngine, type EngineDatabase, type SqlTestEngine } from '@corral/sql/testing';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { engines } from './engines.js';

const bookshop = (engine: SqlTestEngine, opened: EngineDatabase) =>
  opened.outside(`
    CREATE TABLE author (author_id ${engine.types.key}, name varchar(100) NOT NULL);
    CREATE TABLE book (book_id ${engine.types.key}, title varchar(100) NOT NULL,
      author_id ${engine.types.integer}, published_year integer,
      price_cents integer NOT NULL CHECK (price_cents >= 0), sale_cents integer, pages smallint, code char(3),
      FOREIGN KEY (author_id) REFERENCES author (author_id),
      CONSTRAINT book_year_plausible CHECK (published_year BETWEEN 1400 AND 2100),
      CHECK (sale_cents <= price_cents));
    INSERT INTO author (name) VALUES ('Ursula');`);

const bookFields = {
  title: z.string(),
  authorId: z.string().optional(),
  publishedYear: z.number().int().optional(),
  priceCents: z.number().int(),
  saleCents: z.number().int().optional(),
  pages: z.number().int().optional(),
  code: z.string().optional(),
};

/** The bookshop's API over the tables; `fields` changes the books' schema. */
function bookshopApi(opened: EngineDatabase, fields: Record<string, z.ZodType> = {}) {
  const authors = defineCollection({
    name: 'authors',
    schema: z.object({ name: z.string() }),
    store: opened.store({ table: 'author', id: 'author_id' }),
  });
  const books = defineCollection({
    name: 'books',
    schema: z.object({ ...bookFields, ...fields }),
    relations: { author: { collection: authors, field: 'authorId' } },
    store: opened.store({ table: 'book', id: 'book_id' }),
  });
  return createApi({ collections: [authors, books], logger: silentLogger });
}

const send = (api: ReturnType<typeof bookshopApi>, method: string, path: string, body: unknown) =>
  api.fetch(
    new Request(`http://x/v1/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

await forEachEngine(engines(), (engine) => {
  it('answers a broken CHECK with 422 naming the body fields its columns hold, and writes nothing', async () => {
    const opened = engine.open();
    await bookshop(engine, opened);
    const api = bookshopApi(opened);
    try {
      await api.ready();
      const made = await send(api, 'POST', 'books', { title: 'Earthsea', authorId: '1', priceCents: 900 });
      expect(made.status).toBe(201);
      const rows = () => opened.outsideRows('SELECT * FROM book');
      const before = await rows();
      const refusals: [unknown, string[]][] = [
        [{ title: 'Old', priceCents: 100, publishedYear: 1200 }, ['publishedYear']],
        [{ title: 'Free', priceCents: -5 }, ['priceCents']],
        [{ title: 'Sale', priceCents: 500, saleCents: 900 }, ['priceCents', 'saleCents']],
      ];
      for (const [body, fields] of refusals) {
        const answer = await send(api, 'POST', 'books', body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        const problem = (await answer.json()) as { errors: { field: string; message: string }[] };
        expect(problem.errors.map((error) => error.field)).toEqual(fields);
        const changed = await send(api, 'PATCH', `books/${(await made.clone().json()).id}`, body);
        expect(changed.status, JSON.stringify(body)).toBe(422);
      }
      expect(await rows()).toEqual(before);
    } finally {
      await api.close();
      await opened.close();
    }
  });

  it('refuses to start when a field cannot fit its column, naming the column, its type and the fix; an id field fits an integer column', async () => {
    const opened = engine.open();
    await bookshop(engine, opened);
    const api = bookshopApi(opened, { publishedYear: z.string().optional() });
    try {
      const error = await api.ready().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(isCorralError(error) && error.code).toBe('CORRAL_TABLE_MISMATCH');
      const message = (error as Error).message;
      expect(message).toMatch(
        /field "publishedYear" holds string values, which column book\.published_year \(integer\) cannot keep; declare the field as z\.number\(\)\.int\(\), or map the field to a column of a type that keeps them with the store's `columns` option/,
      );
      // authorId is text in the API and an integer column: it holds ids, so it fits.
      expect(message).not.toMatch(/authorId/);
    } finally {
      await api.close();
      await opened.close();
    }
  });

  if (engine.name === 'postgres')
    it('checks values against the size and range of their columns before writing, naming the field (PostgreSQL enforces them)', async () => {
      const opened = engine.open();
      await bookshop(engine, opened);
      const api = bookshopApi(opened);
      try {
        await api.ready();
        // Lengths count characters as PostgreSQL does (code points), and char(n) cuts trailing spaces.
        const fits = { title: '📚'.repeat(100), priceCents: 100, pages: 32767, code: 'abc   ' };
        expect((await send(api, 'POST', 'books', fits)).status).toBe(201);
        const before = await opened.outsideRows('SELECT * FROM book');
        const refusals: [unknown, string[]][] = [
          [{ title: '📚'.repeat(101), priceCents: 100 }, ['title']],
          [{ title: 'Long', priceCents: 100, pages: 32768 }, ['pages']],
          [{ title: 'Rich', priceCents: 2 ** 31 }, ['priceCents']],
          [{ title: 'Code', priceCents: 1, code: 'abcd' }, ['code']],
          [{ title: 'x'.repeat(101), priceCents: 1, pages: -40000 }, ['title', 'pages']],
        ];
        for (const [body, fields] of refusals) {
          const answer = await send(api, 'POST', 'books', body);
          expect(answer.status, JSON.stringify(body)).toBe(422);
          const problem = (await answer.json()) as { errors: { field: string; message: string }[] };
          expect(problem.errors.map((error) => error.field)).toEqual(fields);
        }
        expect(await opened.outsideRows('SELECT * FROM book')).toEqual(before);
      } finally {
        await api.close();
        await opened.close();
      }
    });
});
