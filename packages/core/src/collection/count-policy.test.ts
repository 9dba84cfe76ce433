import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import type { ListQuery, Store } from '../store/store.js';
import { defineCollection, type CountPolicy } from './define-collection.js';

/** A store that estimates, as a database store may: above the threshold it rounds the total up to tens. */
function estimatingStore(seen: ListQuery[]): Store<{ name: string }> {
  const inner = memoryStore({ initial: Array.from({ length: 23 }, (_, i) => ({ name: `bird ${i}` })) });
  return {
    ...inner,
    list: async (query) => {
      seen.push(query);
      const page = await inner.list(query);
      if (!query.count || page.total <= query.count.estimateAbove) return page;
      return { ...page, total: Math.ceil(page.total / 10) * 10, totalEstimated: true };
    },
  };
}

const apiWith = (count: CountPolicy | undefined, seen: ListQuery[]) =>
  createApi({
    collections: [
      defineCollection({
        name: 'birds',
        schema: z.object({ name: z.string() }),
        searchable: ['name'],
        store: estimatingStore(seen),
        ...(count ? { count } : {}),
      }),
    ],
    logger: silentLogger,
  });

const list = async (api: ReturnType<typeof apiWith>, query = '') =>
  (await api.fetch(new Request(`http://x/v1/birds${query}`))).json();

describe('the count policy of a collection', () => {
  it('asks for exact totals by default: the store gets no count option and the page no totalEstimated', async () => {
    const seen: ListQuery[] = [];
    const page = await list(apiWith(undefined, seen));
    expect(page.total).toBe(23);
    expect(page).not.toHaveProperty('totalEstimated');
    expect(seen[0]).not.toHaveProperty('count');
  });

  it('lets the store estimate above the threshold, and the page says the total is an estimate', async () => {
    const seen: ListQuery[] = [];
    const api = apiWith({ estimateAbove: 20 }, seen);
    const page = await list(api, '?limit=5');
    expect(seen[0]?.count).toEqual({ estimateAbove: 20 });
    expect(page).toMatchObject({ offset: 0, limit: 5, total: 30, totalEstimated: true });
    expect(Object.keys(page)).toEqual(['offset', 'limit', 'total', 'totalEstimated', 'birds', 'links']);
    const few = await list(api, '?query=bird%201');
    expect(few.total).toBe(11);
    expect(few).not.toHaveProperty('totalEstimated');
  });

  it('refuses a threshold that is not a whole number at startup', () => {
    for (const estimateAbove of [-1, 1.5, Number.NaN]) {
      expect(() =>
        defineCollection({ name: 'birds', schema: z.object({ name: z.string() }), count: { estimateAbove } }),
      ).toThrow(/estimateAbove/);
    }
  });
});
