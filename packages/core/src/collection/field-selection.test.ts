import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import type { ListQuery, Store } from '../store/store.js';
import { defineCollection } from './define-collection.js';

const schema = z.object({ name: z.string(), species: z.string(), keeper: z.string().optional(), zooId: z.string() });
type Animal = z.infer<typeof schema>;
const initial: Animal[] = [
  { name: 'Kea', species: 'parrot', keeper: 'Ann', zooId: '1' },
  { name: 'Tui', species: 'honeyeater', zooId: '2' },
];

/** A store that does what a database store may: leave out of each record the fields a list did not ask for. */
function projectingStore(asked: (ListQuery['fields'] | undefined)[]): Store<Animal> {
  const inner = memoryStore<Animal>({ initial });
  return {
    ...inner,
    async list(query, options) {
      asked.push(query.fields);
      const page = await inner.list(query, options);
      if (!query.fields) return page;
      const keep = query.fields;
      const items = page.items.map((record) => ({
        ...record,
        data: Object.fromEntries(Object.entries(record.data).filter(([field]) => keep.includes(field))) as Animal,
      }));
      return { ...page, items };
    },
  };
}

function zooApi(asked: (ListQuery['fields'] | undefined)[] = []) {
  const animals = defineCollection({
    name: 'animals',
    schema,
    // The keeper link reads a field a selection may leave out.
    links: (animal) => [
      { rel: 'zoo', href: `zoos/${animal.zooId}` },
      ...(animal.keeper ? [{ rel: 'keeper', href: `keepers/${animal.keeper}` }] : []),
    ],
    store: projectingStore(asked),
  });
  const api = createApi({ collections: [animals], logger: silentLogger });
  return (path: string, headers: Record<string, string> = {}) =>
    api.fetch(new Request(`http://x/v1/${path}`, { headers }));
}

describe('?fields= on lists and records', () => {
  it('sends only the selected fields, with id and links, and asks the store for them and what links read', async () => {
    const asked: (ListQuery['fields'] | undefined)[] = [];
    const get = zooApi(asked);
    const page = await (await get('animals?fields=name')).json();
    expect(page.animals).toEqual([
      {
        id: '1',
        name: 'Kea',
        links: [
          { rel: 'self', href: '/v1/animals/1' },
          { rel: 'zoo', href: '/v1/zoos/1' },
          { rel: 'keeper', href: '/v1/keepers/Ann' },
        ],
      },
      {
        id: '2',
        name: 'Tui',
        links: [
          { rel: 'self', href: '/v1/animals/2' },
          { rel: 'zoo', href: '/v1/zoos/2' },
        ],
      },
    ]);
    // The first selection found the fields the links read (and read the page whole once); later ones ask for them.
    expect(asked[0]).toEqual(['name']);
    await get('animals?fields=species,name');
    expect(asked[1]).toEqual(['name', 'species', 'zooId', 'keeper']);
    const record = await (await get('animals/2?fields=species,id,links')).json();
    expect(record).toEqual({
      id: '2',
      species: 'honeyeater',
      links: [
        { rel: 'self', href: '/v1/animals/2' },
        { rel: 'zoo', href: '/v1/zoos/2' },
      ],
    });
  });

  it('gives each selection tags of its own, which revalidate', async () => {
    const get = zooApi();
    const whole = (await get('animals/1')).headers.get('etag')!;
    const named = (await get('animals/1?fields=name')).headers.get('etag')!;
    expect(named).not.toBe(whole);
    expect(named).not.toBe((await get('animals/1?fields=species')).headers.get('etag'));
    expect((await get('animals/1?fields=name', { 'if-none-match': named })).status).toBe(304);
    expect((await get('animals/1', { 'if-none-match': named })).status).toBe(200);
    const list = (await get('animals?fields=name')).headers.get('etag')!;
    expect(list).not.toBe((await get('animals')).headers.get('etag'));
    expect((await get('animals?fields=name', { 'if-none-match': list })).status).toBe(304);
  });

  it('refuses an unknown or empty name with 400, naming the fields; other parameters of a record too', async () => {
    const get = zooApi();
    for (const path of [
      'animals?fields=colour',
      'animals?fields=',
      'animals?fields=name,',
      'animals/1?fields=colour',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      const body = await answer.json();
      expect(body.errorCode).toBe(1001);
      expect(body.message).toContain('may be: name, species, keeper, zooId');
    }
    expect((await get('animals?fields=name&fields=species')).status).toBe(400);
    expect((await (await get('animals/1?colour=red')).json()).errorCode).toBe(1002);
  });
});

describe('links that read the record as a whole', () => {
  it('are noticed through a spread, so that a selection still gets links built from the whole record', async () => {
    const asked: (ListQuery['fields'] | undefined)[] = [];
    const animals = defineCollection({
      name: 'animals',
      schema,
      links: (animal) => {
        const { zooId, keeper } = { ...animal };
        return [
          { rel: 'zoo', href: `zoos/${zooId}` },
          ...(keeper ? [{ rel: 'keeper', href: `keepers/${keeper}` }] : []),
        ];
      },
      store: projectingStore(asked),
    });
    const api = createApi({ collections: [animals], logger: silentLogger });
    const page = (await (await api.fetch(new Request('http://x/v1/animals?fields=name'))).json()) as {
      animals: { links: { rel: string }[] }[];
    };
    expect(page.animals[0]!.links.map((link) => link.rel)).toEqual(['self', 'zoo', 'keeper']);
    await api.fetch(new Request('http://x/v1/animals?fields=name'));
    expect(asked[1]).toEqual(expect.arrayContaining(['name', 'species', 'keeper', 'zooId']));
  });
});

describe('a store that carries out no comparisons', () => {
  it('stops a collection that declares them from starting', () => {
    const { listFeatures: _features, ...plain } = memoryStore<Animal>({ initial });
    const animals = defineCollection({
      name: 'animals',
      schema,
      filters: { name: { field: 'name', operators: ['gt'] } },
      store: plain,
    });
    expect(() => createApi({ collections: [animals], logger: silentLogger })).toThrow(
      expect.objectContaining({ code: 'CORRAL_STORE_LACKS_FEATURE' }),
    );
    expect(() =>
      createApi({ collections: [animals.with({ filters: { name: 'name' } })], logger: silentLogger }),
    ).not.toThrow();
  });
});
