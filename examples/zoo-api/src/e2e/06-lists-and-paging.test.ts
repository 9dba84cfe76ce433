// zoo-api.md, "Lists and paging": the envelope, offset/limit, page/per_page, paging links, sortby/order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRecord, expectDetailedError, get, linkHref, type RunningZoo, startZoo } from './helpers.js';

type Row = Record<string, any>;
const ids = (records: Row[]) => records.map((r) => r.id);

describe('Lists and paging', () => {
  let zoo: RunningZoo;
  let admin: string;
  let animalsTotal: number;
  beforeAll(async () => {
    zoo = await startZoo();
    admin = await zoo.token('zoo-admin');
    animalsTotal = (await get(zoo, '/v1/animals', admin)).body.total;
    // The paging tests need more than a couple of pages of animals.
    expect(animalsTotal).toBeGreaterThan(25);
  });
  afterAll(() => zoo.close());

  describe('the envelope', () => {
    it.each([
      ['/v1/zoos', 'zoos'],
      ['/v1/animals', 'animals'],
      ['/v1/employees', 'employees'],
      ['/v1/customers', 'customers'],
      ['/v1/suppliers', 'suppliers'],
      ['/v1/zoos/1/animals', 'animals'],
      ['/v1/employees/1/salaryStatements', 'salaryStatements'],
    ])('%s answers {offset, limit, total, %s, links}', async (path, property) => {
      const reply = await get(zoo, path, admin);
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(['limit', 'links', 'offset', property, 'total'].sort());
      expect(reply.body).toMatchObject({ offset: 0, limit: 10, total: expect.any(Number) });
      expect(Array.isArray(reply.body[property])).toBe(true);
      expect(reply.body[property]).toHaveLength(Math.min(10, reply.body.total));
      expect(Array.isArray(reply.body.links)).toBe(true);
    });

    it('counts every record of the collection in total', async () => {
      const all = await everyRecord(zoo, '/v1/animals?limit=7', admin, 'animals');
      expect(all).toHaveLength(animalsTotal);
      expect(new Set(ids(all)).size).toBe(animalsTotal);
    });
  });

  describe('offset and limit', () => {
    it('defaults to offset=0 and limit=10', async () => {
      const plain = await get(zoo, '/v1/animals', admin);
      const explicit = await get(zoo, '/v1/animals?offset=0&limit=10', admin);
      expect(plain.body).toMatchObject({ offset: 0, limit: 10 });
      expect(ids(plain.body.animals)).toEqual(ids(explicit.body.animals));
    });

    it('returns the records from offset, at most limit of them', async () => {
      const all = await everyRecord(zoo, '/v1/animals?limit=100', admin, 'animals');
      const page = await get(zoo, '/v1/animals?offset=5&limit=7', admin);
      expect(page.body).toMatchObject({ offset: 5, limit: 7, total: animalsTotal });
      expect(ids(page.body.animals)).toEqual(ids(all.slice(5, 12)));
      const tail = await get(zoo, `/v1/animals?offset=${animalsTotal - 2}&limit=10`, admin);
      expect(ids(tail.body.animals)).toEqual(ids(all.slice(-2)));
      const beyond = await get(zoo, `/v1/animals?offset=${animalsTotal + 5}`, admin);
      expect(beyond.status).toBe(200);
      expect(beyond.body.animals).toEqual([]);
    });

    it('accepts limit 1 and limit 100', async () => {
      expect((await get(zoo, '/v1/animals?limit=1', admin)).body.animals).toHaveLength(1);
      const hundred = await get(zoo, '/v1/animals?limit=100', admin);
      expect(hundred.status).toBe(200);
      expect(hundred.body.limit).toBe(100);
    });

    it.each([
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=1.5',
      'limit=ten',
      'limit=',
      'offset=-1',
      'offset=1.5',
      'offset=abc',
      'offset=',
    ])('%s answers 400', async (query) => {
      expectDetailedError(await get(zoo, `/v1/animals?${query}`, admin), 400);
    });
  });

  describe('page and per_page', () => {
    it('page with per_page is offset=(page-1)*per_page&limit=per_page', async () => {
      for (const [page, perPage] of [
        [1, 10],
        [2, 7],
        [3, 5],
        [4, 12],
      ] as const) {
        const paged = await get(zoo, `/v1/animals?page=${page}&per_page=${perPage}`, admin);
        const offset = await get(zoo, `/v1/animals?offset=${(page - 1) * perPage}&limit=${perPage}`, admin);
        expect(paged.status).toBe(200);
        expect(paged.body).toMatchObject({ offset: (page - 1) * perPage, limit: perPage, total: animalsTotal });
        expect(ids(paged.body.animals)).toEqual(ids(offset.body.animals));
      }
    });

    it('defaults page to 1 and per_page to 10', async () => {
      const perPageOnly = await get(zoo, '/v1/animals?per_page=4', admin);
      expect(perPageOnly.body).toMatchObject({ offset: 0, limit: 4 });
      const pageOnly = await get(zoo, '/v1/animals?page=3', admin);
      expect(pageOnly.body).toMatchObject({ offset: 20, limit: 10 });
      expect(ids(pageOnly.body.animals)).toEqual(
        ids((await get(zoo, '/v1/animals?offset=20&limit=10', admin)).body.animals),
      );
    });

    it.each(['page=0', 'page=-1', 'page=1.5', 'page=x', 'per_page=0', 'per_page=101', 'per_page=2.5'])(
      '%s answers 400',
      async (query) => {
        expectDetailedError(await get(zoo, `/v1/animals?${query}`, admin), 400);
      },
    );

    it.each([
      'page=2&offset=10',
      'page=2&limit=10',
      'per_page=5&offset=10',
      'per_page=5&limit=5',
      'page=1&per_page=5&offset=0&limit=5',
    ])('mixing page/per_page with offset/limit (%s) answers 400', async (query) => {
      expectDetailedError(await get(zoo, `/v1/animals?${query}`, admin), 400);
    });
  });

  describe('nextPage and previousPage', () => {
    it('has only nextPage on the first page, both in the middle, only previousPage on the last', async () => {
      const first = await get(zoo, '/v1/animals?limit=10', admin);
      expect(first.body.links.map((l: Row) => l.rel)).toEqual(['nextPage']);
      const middle = await get(zoo, '/v1/animals?offset=10&limit=10', admin);
      expect(middle.body.links.map((l: Row) => l.rel).sort()).toEqual(['nextPage', 'previousPage']);
      const last = await get(zoo, `/v1/animals?offset=${animalsTotal - 3}&limit=10`, admin);
      expect(last.body.links.map((l: Row) => l.rel)).toEqual(['previousPage']);
      const everything = await get(zoo, '/v1/animals?limit=100', admin);
      expect(everything.body.links).toEqual([]);
    });

    it('sets the new offset and limit in the hrefs', async () => {
      const page = await get(zoo, '/v1/animals?offset=10&limit=5', admin);
      expect(linkHref(page.body.links, 'nextPage')).toBe('/v1/animals?offset=15&limit=5');
      expect(linkHref(page.body.links, 'previousPage')).toBe('/v1/animals?offset=5&limit=5');
    });

    it('keeps every other query parameter in the hrefs', async () => {
      const page = await get(zoo, '/v1/employees?state=internal&sortby=name&order=desc&offset=3&limit=3', admin);
      const next = new URL(linkHref(page.body.links, 'nextPage')!, zoo.origin);
      const previous = new URL(linkHref(page.body.links, 'previousPage')!, zoo.origin);
      for (const [url, offset] of [
        [next, '6'],
        [previous, '0'],
      ] as const) {
        expect(url.pathname).toBe('/v1/employees');
        expect(Object.fromEntries(url.searchParams)).toEqual({
          state: 'internal',
          sortby: 'name',
          order: 'desc',
          offset,
          limit: '3',
        });
      }
    });

    it('keeps a search text intact, so that following the links walks the same result', async () => {
      const text = 'o';
      const expected = await get(zoo, `/v1/animals?query=${text}&limit=100`, admin);
      expect(expected.body.total).toBeGreaterThan(4);
      const walked = await everyRecord(zoo, `/v1/animals?query=${text}&limit=4`, admin, 'animals');
      expect(ids(walked)).toEqual(ids(expected.body.animals));
    });

    it('turns page/per_page into offset/limit links that walk the same pages', async () => {
      const page = await get(zoo, '/v1/animals?page=2&per_page=3&animal_type_id=mammal', admin);
      expect(page.body.total).toBeGreaterThan(6);
      const next = new URL(linkHref(page.body.links, 'nextPage')!, zoo.origin);
      expect(Object.fromEntries(next.searchParams)).toEqual({ animal_type_id: 'mammal', offset: '6', limit: '3' });
      expect(next.searchParams.has('page')).toBe(false);
      expect(next.searchParams.has('per_page')).toBe(false);
      const followed = await get(zoo, `${next.pathname}${next.search}`, admin);
      expect(followed.status).toBe(200);
      expect(ids(followed.body.animals)).toEqual(
        ids((await get(zoo, '/v1/animals?page=3&per_page=3&animal_type_id=mammal', admin)).body.animals),
      );
    });
  });

  describe('sortby and order', () => {
    it('answers 400 for a sortby that is not a sortable field, naming the sortable ones', async () => {
      const reply = await get(zoo, '/v1/animals?sortby=species', admin);
      expectDetailedError(reply, 400);
      expect(reply.body.message).toContain('name');
      expect(reply.body.message).toContain('yearOfBirth');
      expectDetailedError(await get(zoo, '/v1/animals?sortby=', admin), 400);
    });

    it('sorts ascending by default; order=asc and order=desc', async () => {
      const byDefault = await get(zoo, '/v1/employees?sortby=name&limit=100', admin);
      const asc = await get(zoo, '/v1/employees?sortby=name&order=asc&limit=100', admin);
      const desc = await get(zoo, '/v1/employees?sortby=name&order=desc&limit=100', admin);
      expect(ids(byDefault.body.employees)).toEqual(ids(asc.body.employees));
      const names = asc.body.employees.map((e: Row) => e.name as string);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const descNames = desc.body.employees.map((e: Row) => e.name as string);
      expect(descNames).toEqual([...names].reverse());
    });

    it('answers 400 for an order other than asc or desc', async () => {
      for (const order of ['up', 'ASC', 'descending', '']) {
        expectDetailedError(await get(zoo, `/v1/animals?sortby=name&order=${order}`, admin), 400);
      }
    });

    it('breaks ties by id, so that the order of a page is stable', async () => {
      const asc = (await get(zoo, '/v1/animals?sortby=yearOfBirth&order=asc&limit=100', admin)).body.animals as Row[];
      const years = asc.map((a) => a.yearOfBirth);
      expect(new Set(years).size).toBeLessThan(years.length); // the demo data has ties to break
      for (let i = 1; i < asc.length; i++) {
        const [a, b] = [asc[i - 1]!, asc[i]!];
        if (a.yearOfBirth === b.yearOfBirth) expect(Number(a.id), `${a.id} before ${b.id}`).toBeLessThan(Number(b.id));
      }
      const desc = (await get(zoo, '/v1/animals?sortby=yearOfBirth&order=desc&limit=100', admin)).body.animals as Row[];
      // Within one year, the ids keep one direction throughout the list.
      const directions = new Set<boolean>();
      for (let i = 1; i < desc.length; i++) {
        const [a, b] = [desc[i - 1]!, desc[i]!];
        if (a.yearOfBirth === b.yearOfBirth) directions.add(Number(a.id) < Number(b.id));
      }
      expect(directions.size).toBe(1);
    });

    it('gives the same order page by page as in one page, for both directions and repeated requests', async () => {
      for (const order of ['asc', 'desc']) {
        const whole = (await get(zoo, `/v1/animals?sortby=yearOfBirth&order=${order}&limit=100`, admin)).body
          .animals as Row[];
        const paged = await everyRecord(zoo, `/v1/animals?sortby=yearOfBirth&order=${order}&limit=3`, admin, 'animals');
        expect(ids(paged)).toEqual(ids(whole));
        const again = (await get(zoo, `/v1/animals?sortby=yearOfBirth&order=${order}&limit=100`, admin)).body
          .animals as Row[];
        expect(ids(again)).toEqual(ids(whole));
      }
    });
  });
});
