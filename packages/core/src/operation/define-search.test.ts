import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import type { Authenticator } from '../auth/principal.js';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { defineSearch } from './define-search.js';

/** The bearer value lists the scopes, e.g. `Bearer staff:read+crm:read`. */
const scopeAuth: Authenticator = {
  async authenticate(request) {
    const value = request.header('authorization')?.replace(/^Bearer /, '');
    return value === undefined ? undefined : { subject: 'tester', scopes: new Set(value.split('+')), claims: {} };
  },
  challenge: () => ({ 'www-authenticate': 'Bearer' }),
};

function searchApi() {
  const named = z.object({ name: z.string(), city: z.string().optional() });
  const employees = defineCollection({
    name: 'employees',
    schema: named,
    searchable: ['name'],
    scopes: { read: 'staff:read' },
    store: memoryStore({ initial: [{ name: 'Ann Lion' }, { name: 'Bob' }, { name: 'Lionel' }] }),
  });
  const customers = defineCollection({
    name: 'customers',
    schema: named,
    searchable: ['name', 'city'],
    scopes: { read: 'crm:read' },
    listFilter: () => ({ city: 'Lyon' }),
    store: memoryStore({
      initial: [
        { name: 'Lion Corp', city: 'Lyon' },
        { name: 'Other', city: 'Lyon' },
        { name: 'Lion Ltd', city: 'Paris' },
      ],
    }),
  });
  return createApi({
    collections: [employees, customers],
    operations: [defineSearch({ collections: [employees, customers] })],
    auth: scopeAuth,
    logger: silentLogger,
  });
}

const get = async (api: ReturnType<typeof searchApi>, path: string, scopes?: string) => {
  const res = await api.fetch(
    new Request(`http://x${path}`, { headers: scopes ? { authorization: `Bearer ${scopes}` } : {} }),
  );
  return { status: res.status, body: await res.json() };
};

describe('defineSearch', () => {
  it('searches every readable collection, in order, with hrefs to each record', async () => {
    const { status, body } = await get(searchApi(), '/v1/search?query=lion', 'staff:read+crm:read');
    expect(status).toBe(200);
    expect(body).toEqual({
      query: 'lion',
      offset: 0,
      limit: 10,
      total: 3,
      results: [
        { collection: 'employees', id: '1', name: 'Ann Lion', href: '/v1/employees/1' },
        { collection: 'employees', id: '3', name: 'Lionel', href: '/v1/employees/3' },
        { collection: 'customers', id: '1', name: 'Lion Corp', href: '/v1/customers/1' },
      ],
      links: [],
    });
  });

  it('leaves out collections the token may not read', async () => {
    const { body } = await get(searchApi(), '/v1/search?query=lion', 'crm:read');
    expect(body.results.map((r: { collection: string }) => r.collection)).toEqual(['customers']);
    expect(body.total).toBe(1);
  });

  it('pages across collection boundaries with links', async () => {
    const api = searchApi();
    const first = await get(api, '/v1/search?query=lion&limit=2', 'staff:read+crm:read');
    expect(first.body.results.map((r: { name: string }) => r.name)).toEqual(['Ann Lion', 'Lionel']);
    expect(first.body.links).toEqual([{ rel: 'nextPage', href: '/v1/search?query=lion&offset=2&limit=2' }]);
    const second = await get(api, '/v1/search?query=lion&offset=2&limit=2', 'staff:read+crm:read');
    expect(second.body.results.map((r: { name: string }) => r.name)).toEqual(['Lion Corp']);
    const middle = await get(api, '/v1/search?query=lion&page=2&per_page=1', 'staff:read+crm:read');
    expect(middle.body.results.map((r: { name: string }) => r.name)).toEqual(['Lionel']);
  });

  it('refuses an empty or missing query, unknown parameters and bad paging (400), and anonymous callers (401)', async () => {
    const api = searchApi();
    for (const path of [
      '/v1/search',
      '/v1/search?query=',
      '/v1/search?query=%20',
      '/v1/search?query=a&colour=red',
      '/v1/search?query=a&limit=0',
      '/v1/search?query=a&query=b',
    ]) {
      expect((await get(api, path, 'staff:read')).status, path).toBe(400);
    }
    expect((await get(api, '/v1/search?query=lion')).status).toBe(401);
  });

  it('refuses collections without searchable fields at startup', () => {
    const plain = defineCollection({ name: 'plain', schema: z.object({ name: z.string() }) });
    expect(() => defineSearch({ collections: [plain] })).toThrow(/searchable/);
  });
});
