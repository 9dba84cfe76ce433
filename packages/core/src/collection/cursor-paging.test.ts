import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { defineCollection } from './define-collection.js';
import { encodeCursor } from './cursor.js';

const schema = z.object({ name: z.string(), legs: z.number().int().optional(), kind: z.enum(['bird', 'fish']) });
type Animal = z.infer<typeof schema>;
const initial: Animal[] = Array.from({ length: 23 }, (_, i) => ({
  name: `animal ${String.fromCharCode(97 + ((i * 7) % 26))}`,
  ...(i % 5 === 0 ? {} : { legs: i % 4 }),
  kind: i % 3 === 0 ? 'fish' : 'bird',
}));

const animals = defineCollection({
  name: 'animals',
  schema,
  filters: { kind: 'kind' },
  sortable: ['name', 'legs'],
  store: memoryStore<Animal>({ initial }),
});
const api = createApi({ collections: [animals], logger: silentLogger });
const get = async (path: string) => {
  const answer = await api.fetch(new Request(`http://x${path}`));
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
};
const link = (body: Record<string, any>, rel: string): string | undefined =>
  (body.links as { rel: string; href: string }[]).find((l) => l.rel === rel)?.href;

/** Every page from `first` on, following `rel`, in the order met. */
async function walk(first: string, rel: 'nextPage' | 'previousPage'): Promise<Record<string, any>[]> {
  const pages: Record<string, any>[] = [];
  for (let path: string | undefined = first; path !== undefined; ) {
    const page = await get(path);
    expect(page.status, path).toBe(200);
    pages.push(page.body);
    path = link(page.body, rel);
  }
  return pages;
}

describe('cursor paging (?paging=cursor)', () => {
  it.each([
    '',
    '&sortby=name',
    '&sortby=name&order=desc',
    '&sortby=legs',
    '&sortby=legs&order=desc',
    '&kind=fish&sortby=legs',
  ])('walks the whole list by nextPage, each record once, in order, and back by previousPage (%s)', async (rest) => {
    const expected = (await get(`/v1/animals?limit=100${rest}`)).body.animals.map((a: { id: string }) => a.id);
    const forwards = await walk(`/v1/animals?paging=cursor&limit=4${rest}`, 'nextPage');
    expect(forwards.flatMap((page) => page.animals.map((a: { id: string }) => a.id))).toEqual(expected);
    for (const page of forwards) {
      expect(page).not.toHaveProperty('offset');
      expect(page).toMatchObject({ limit: 4, total: expected.length });
    }
    expect(forwards.at(-1)!.animals.length).toBeGreaterThan(0);
    const lastPage = forwards.at(-1)!;
    const backwards = await walk(link(lastPage, 'previousPage') ?? '/v1/animals?none', 'previousPage');
    expect(backwards.reverse().flatMap((page) => page.animals.map((a: { id: string }) => a.id))).toEqual(
      expected.slice(0, expected.length - lastPage.animals.length),
    );
    expect(link(forwards[0]!, 'previousPage')).toBeUndefined();
  });

  it('keeps filters, sort and limit in its links, and carries only a cursor besides', async () => {
    const page = await get('/v1/animals?paging=cursor&kind=bird&sortby=name&limit=3');
    const next = new URL(link(page.body, 'nextPage')!, 'http://x');
    expect([...next.searchParams.keys()]).toEqual(['paging', 'kind', 'sortby', 'limit', 'after']);
  });

  it('refuses made-up, cut and foreign cursors with 400 and code 1031', async () => {
    const page = await get('/v1/animals?paging=cursor&sortby=name&limit=3');
    const cursor = new URL(link(page.body, 'nextPage')!, 'http://x').searchParams.get('after')!;
    const refused = async (path: string, code: number) => {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.errorCode, path).toBe(code);
    };
    await refused(`/v1/animals?paging=cursor&sortby=name&after=${cursor.slice(0, -3)}`, 1031);
    await refused('/v1/animals?paging=cursor&sortby=name&after=not-a-cursor!', 1031);
    await refused(`/v1/animals?paging=cursor&sortby=legs&after=${cursor}`, 1031); // another sort
    await refused(`/v1/animals?paging=cursor&sortby=name&kind=fish&after=${cursor}`, 1031); // another filter
    // Well-formed, but a sort value the field cannot hold.
    const scope = (await import('./cursor.js')).cursorScope(
      { offset: 0, limit: 3, filter: {}, sort: { field: 'legs', order: 'asc' } },
      '/v1/animals',
    );
    await refused(`/v1/animals?paging=cursor&sortby=legs&after=${encodeCursor(scope, { key: 'four', id: '3' })}`, 1031);
    await refused(`/v1/animals?paging=cursor&sortby=legs&after=${encodeCursor(scope, { key: 1.5, id: '3' })}`, 1031);
    expect(
      (await get(`/v1/animals?paging=cursor&sortby=legs&after=${encodeCursor(scope, { key: 2, id: '3' })}`)).status,
    ).toBe(200);
  });

  it('is refused for a store that cannot start a page at a place, and for a sort by a nested value', async () => {
    const { listFeatures: _features, ...plain } = memoryStore<Animal>({ initial });
    const old = createApi({
      collections: [defineCollection({ name: 'animals', schema, sortable: ['name'], store: plain })],
      logger: silentLogger,
    });
    const answer = await old.fetch(new Request('http://x/v1/animals?paging=cursor'));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toContain('paging=cursor is not offered');
    expect((await old.fetch(new Request('http://x/v1/animals?limit=2'))).status).toBe(200);
    const tagged = defineCollection({
      name: 'tagged',
      schema: z.object({ tags: z.array(z.string()) }),
      sortable: ['tags'],
    });
    const nested = createApi({ collections: [tagged], logger: silentLogger });
    expect((await nested.fetch(new Request('http://x/v1/tagged?paging=cursor&sortby=tags'))).status).toBe(400);
  });

  it('refuses a cursor of another nested list (another parent in the path)', async () => {
    const zoos = defineCollection({
      name: 'zoos',
      schema: z.object({ name: z.string() }),
      store: memoryStore({ initial: [{ name: 'A' }, { name: 'B' }] }),
    });
    const pens = defineCollection({
      name: 'pens',
      schema: z.object({ name: z.string(), zooId: z.string() }),
      parent: { collection: zoos, field: 'zooId' },
      store: memoryStore({
        initial: [
          { name: 'a', zooId: '1' },
          { name: 'b', zooId: '1' },
          { name: 'c', zooId: '2' },
          { name: 'd', zooId: '2' },
        ],
      }),
    });
    const nestedApi = createApi({ collections: [zoos, pens], logger: silentLogger });
    const first = await nestedApi.fetch(new Request('http://x/v1/zoos/1/pens?paging=cursor&limit=1'));
    const next = new URL(link((await first.json()) as Record<string, any>, 'nextPage')!, 'http://x');
    expect((await nestedApi.fetch(new Request(`http://x${next.pathname}${next.search}`))).status).toBe(200);
    const elsewhere = await nestedApi.fetch(new Request(`http://x/v1/zoos/2/pens${next.search}`));
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { errorCode: number }).errorCode).toBe(1031);
  });

  it('refuses offsets, pages and both cursors with paging=cursor, and cursors without it', async () => {
    for (const path of [
      '/v1/animals?paging=cursor&offset=3',
      '/v1/animals?paging=cursor&page=2',
      '/v1/animals?paging=cursor&after=a&before=b',
      '/v1/animals?after=abc',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.errorCode, path).toBe(1004);
    }
    expect((await get('/v1/animals?paging=pages')).body.errorCode).toBe(1001);
    expect((await get('/v1/animals?paging=offset&offset=2')).body.offset).toBe(2);
  });
});
