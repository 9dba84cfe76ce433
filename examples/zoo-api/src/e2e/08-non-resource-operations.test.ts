// zoo-api.md, "Non-resource operations": translate, calculate and search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  everyRecord,
  expectAuthError,
  expectDetailedError,
  get,
  linkHref,
  type RunningZoo,
  startZooWithTokens,
} from './helpers.js';

type Row = Record<string, any>;

describe('Non-resource operations', () => {
  let zoo: RunningZoo;
  let admin: string;
  beforeAll(async () => ({ zoo, admin } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  describe('GET /v1/translate', () => {
    const translate = (query: string) => get(zoo, `/v1/translate?${query}`, admin);

    it('translates en_US -> de_DE: lion -> Löwe', async () => {
      const reply = await translate('from=en_US&to=de_DE&text=lion');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(reply.body).toEqual({ from: 'en_US', to: 'de_DE', text: 'lion', translation: 'Löwe' });
    });

    it('knows the zoo vocabulary in en_US, de_DE, fr_FR and es_ES', async () => {
      expect((await translate('from=en_US&to=es_ES&text=lion')).body.translation).toBe('león');
      expect((await translate('from=en_US&to=fr_FR&text=lion')).body.translation).toBe('lion');
      expect(
        (await translate(`from=de_DE&to=en_US&text=${encodeURIComponent('Löwe')}`)).body.translation.toLowerCase(),
      ).toBe('lion');
      expect((await translate('from=en_US&to=de_DE&text=elephant')).body.translation.toLowerCase()).toBe('elefant');
    });

    it('keeps unknown words as they are', async () => {
      expect((await translate('from=en_US&to=de_DE&text=okapi')).body.translation).toBe('okapi');
      const sentence = await translate(`from=en_US&to=de_DE&text=${encodeURIComponent('lion and okapi')}`);
      expect(sentence.status).toBe(200);
      expect(sentence.body.text).toBe('lion and okapi');
      expect(sentence.body.translation).toMatch(/^Löwe .+ okapi$/);
    });

    it.each([
      'from=en&to=de_DE',
      'from=en_US&to=de',
      'from=en-US&to=de_DE',
      'from=en_US&to=de-DE',
      'from=EN_us&to=de_DE',
      'from=english&to=de_DE',
      'from=en_USA&to=de_DE',
      'from=&to=de_DE',
    ])('answers 400 for a locale that does not match xx_XX (%s)', async (locales) => {
      expectDetailedError(await translate(`${locales}&text=lion`), 400);
    });

    it('answers 400 without a text, and for unknown parameters', async () => {
      expectDetailedError(await translate('from=en_US&to=de_DE'), 400);
      expectDetailedError(await translate('from=en_US&to=de_DE&text=lion&style=formal'), 400);
    });

    it('needs a token', async () => {
      expectAuthError(await get(zoo, '/v1/translate?from=en_US&to=de_DE&text=lion'), 401);
    });
  });

  describe('GET /v1/calculate', () => {
    const calculate = (query: string) => get(zoo, `/v1/calculate?${query}`, admin);

    it('sums by default: para2=3&para2=4 -> {"operation":"sum","operands":[3,4],"result":7}', async () => {
      const reply = await calculate('para2=3&para2=4');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ operation: 'sum', operands: [3, 4], result: 7 });
    });

    it.each([
      ['sum', 7],
      ['difference', -1],
      ['product', 12],
      ['quotient', 0.75],
    ])('computes operation=%s', async (operation, result) => {
      const reply = await calculate(`para2=3&para2=4&operation=${operation}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ operation, operands: [3, 4], result });
    });

    it('takes negative and decimal numbers', async () => {
      expect((await calculate('para2=-2.5&para2=1')).body).toEqual({
        operation: 'sum',
        operands: [-2.5, 1],
        result: -1.5,
      });
      expect((await calculate('para2=0&para2=5&operation=quotient')).body.result).toBe(0);
    });

    it.each([
      '',
      'para2=3',
      'para2=3&para2=4&para2=5',
      'para2=3&para2=four',
      'para2=&para2=4',
      'para2=3&para2=4&operation=power',
      'operation=sum',
    ])('answers 400 unless there are exactly two numeric para2 and a known operation (%s)', async (query) => {
      expectDetailedError(await calculate(query), 400);
    });

    it('answers 400 for a division by zero', async () => {
      expectDetailedError(await calculate('para2=3&para2=0&operation=quotient'), 400);
    });

    it('needs a token', async () => {
      expectAuthError(await get(zoo, '/v1/calculate?para2=3&para2=4'), 401);
    });
  });

  describe('GET /v1/search', () => {
    const search = (query: string) => get(zoo, `/v1/search?${query}`, admin);

    it('answers paged results {query, offset, limit, total, results: [{collection, id, name, href}], links}', async () => {
      const reply = await search('query=zoo');
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(['limit', 'links', 'offset', 'query', 'results', 'total']);
      expect(reply.body).toMatchObject({ query: 'zoo', offset: 0, limit: 10 });
      expect(reply.body.total).toBeGreaterThan(0);
      for (const result of reply.body.results) {
        expect(result).toEqual({
          collection: expect.any(String),
          id: expect.anything(),
          name: expect.any(String),
          href: expect.any(String),
        });
      }
    });

    it('leads to the records it found: each href serves the record with that id and name', async () => {
      const reply = await search('query=a&limit=100');
      for (const result of reply.body.results as Row[]) {
        const record = await get(zoo, result.href, admin);
        expect(record.status, result.href).toBe(200);
        expect(record.body.id).toBe(result.id);
        expect(record.body.name).toBe(result.name);
        expect(linkHref(record.body.links, 'self')).toBe(result.href);
        expect(result.href).toBe(`/v1/${result.collection}/${result.id}`);
      }
    });

    it('covers zoos, animals, employees, customers and suppliers, case-insensitively', async () => {
      for (const collection of ['zoos', 'animals', 'employees', 'customers', 'suppliers']) {
        const record = (await get(zoo, `/v1/${collection}?limit=1`, admin)).body[collection][0];
        for (const text of [record.name.toUpperCase(), record.name.toLowerCase()]) {
          const found = await search(`query=${encodeURIComponent(text)}&limit=100`);
          expect(found.body.results, `${collection}: ${text}`).toContainEqual({
            collection,
            id: record.id,
            name: record.name,
            href: `/v1/${collection}/${record.id}`,
          });
        }
      }
    });

    it('pages like a collection: limit, offset, page/per_page and nextPage links that keep the query', async () => {
      const whole = await search('query=a&limit=100');
      expect(whole.body.total).toBeGreaterThan(5);
      const first = await search('query=a&limit=2');
      expect(first.body).toMatchObject({ offset: 0, limit: 2, total: whole.body.total });
      expect(first.body.results).toEqual(whole.body.results.slice(0, 2));
      const next = new URL(linkHref(first.body.links, 'nextPage')!, zoo.origin);
      expect(Object.fromEntries(next.searchParams)).toEqual({ query: 'a', offset: '2', limit: '2' });
      const walked = await everyRecord(zoo, '/v1/search?query=a&limit=4', admin, 'results');
      expect(walked).toEqual(whole.body.results);
      const paged = await search('query=a&page=2&per_page=3');
      expect(paged.body).toMatchObject({ offset: 3, limit: 3 });
      expect(paged.body.results).toEqual(whole.body.results.slice(3, 6));
      expectDetailedError(await search('query=a&limit=101'), 400);
    });

    it('answers 400 for an empty or missing query, and for unknown parameters', async () => {
      expectDetailedError(await search('query='), 400);
      expectDetailedError(await get(zoo, '/v1/search', admin), 400);
      const unknown = await search('query=zoo&collection=zoos');
      expectDetailedError(unknown, 400);
      expect(unknown.body.message).toContain('query');
    });

    it('needs a token', async () => {
      expectAuthError(await get(zoo, '/v1/search?query=zoo'), 401);
    });
  });
});
