import { isApiError } from '@corral/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pagingParameterNames } from './names.js';
import { pageLinks } from './page-links.js';
import { parsePaging } from './parse-paging.js';

const query = (entries: readonly (readonly [string, string])[]) => new URLSearchParams(entries.map(([k, v]) => [k, v]));

// Filters, sorting and the like: any name but a paging one, any value.
const otherParams = fc.array(
  fc.tuple(
    fc.string({ minLength: 1 }).filter((name) => !(pagingParameterNames as readonly string[]).includes(name)),
    fc.string(),
  ),
  { maxLength: 5 },
);

describe('paging properties', () => {
  it('page and per_page name the same window as the matching offset and limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 1_000_000 }), (perPage, page) => {
        const byPage = parsePaging(
          query([
            ['page', String(page)],
            ['per_page', String(perPage)],
          ]),
        );
        const byOffset = parsePaging(
          query([
            ['offset', String((page - 1) * perPage)],
            ['limit', String(perPage)],
          ]),
        );
        expect(byPage).toStrictEqual(byOffset);
        expect(byPage).toStrictEqual({ offset: (page - 1) * perPage, limit: perPage });
      }),
    );
  });

  it('next and previous links parse back to the windows they promise, keeping other parameters', () => {
    fc.assert(
      fc.property(
        otherParams,
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 10_000 }),
        (others, offset, limit, total) => {
          const params = query([...others, ['offset', String(offset)], ['limit', String(limit)]]);
          for (const link of pageLinks({ path: '/v1/zoos', params, offset, limit, total })) {
            const url = new URL(link.href, 'http://localhost');
            expect(url.pathname).toBe('/v1/zoos');
            const window = parsePaging(url.searchParams);
            expect(window.limit).toBe(limit);
            if (link.rel === 'nextPage') {
              expect(window.offset).toBe(offset + limit);
              expect(window.offset).toBeLessThan(total);
            } else {
              expect(link.rel).toBe('previousPage');
              expect(window.offset).toBeLessThan(offset);
              // The previous page is never empty unless the whole collection is.
              if (total > 0) expect(window.offset).toBeLessThan(total);
            }
            const kept = [...url.searchParams].filter(([name]) => name !== 'offset' && name !== 'limit');
            expect(kept).toStrictEqual(others);
          }
        },
      ),
    );
  });

  it('a page has a next link exactly when records follow it, a previous one exactly when it does not start at 0', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 100 }), fc.nat(10_000), (offset, limit, total) => {
        const rels = pageLinks({ path: '/x', params: new URLSearchParams(), offset, limit, total }).map((l) => l.rel);
        expect(rels.includes('nextPage')).toBe(offset + limit < total);
        expect(rels.includes('previousPage')).toBe(offset > 0);
      }),
    );
  });

  it('accepts exactly the digit strings within range, and refuses anything else with a 400', () => {
    const digits = fc.stringMatching(/^[0-9]{1,4}$/);
    fc.assert(
      fc.property(fc.constantFrom(...pagingParameterNames), fc.oneof(digits, fc.string()), (name, raw) => {
        const max = name === 'limit' || name === 'per_page' ? 100 : Number.MAX_SAFE_INTEGER;
        const min = name === 'offset' ? 0 : 1;
        const valid = /^[0-9]+$/.test(raw) && Number(raw) >= min && Number(raw) <= max;
        try {
          parsePaging(query([[name, raw]]));
          expect(valid).toBe(true);
        } catch (error) {
          expect(isApiError(error)).toBe(true);
          expect(valid).toBe(false);
          expect((error as Error).message).toContain(`${name} must be an integer from ${min} to `);
        }
      }),
    );
  });
});
