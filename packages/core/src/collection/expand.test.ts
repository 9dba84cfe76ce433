import { ApiError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi, type ApiOptions } from '../index.js';
import type { Authenticator } from '../auth/principal.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import type { Store } from '../store/store.js';
import { defineCollection, type CollectionOptions } from './define-collection.js';

/** Bearer values name the subject and its scopes, e.g. `ann+zoo:read`. */
const tokenAuth: Authenticator = {
  async authenticate(request) {
    const header = request.header('authorization');
    if (!header) return undefined;
    const [subject = '', ...scopes] = header.replace(/^Bearer /, '').split('+');
    if (subject === 'bad') throw new ApiError('authenticationRequired', 'bad token');
    return { subject, scopes: new Set(scopes), claims: {} };
  },
  challenge: (kind, scope) => ({
    'www-authenticate': kind === 'missing' ? 'Bearer' : `Bearer error="insufficient_scope", scope="${scope}"`,
  }),
};

/** Every store call by collection and method, to show that a page costs one call per relation level. */
type Calls = Record<string, string[]>;

function counted<T>(name: string, store: Store<T>, calls: Calls): Store<T> {
  const log = (method: string) => (calls[name] ??= []).push(method);
  return {
    ...store,
    list: (query, options) => (log('list'), store.list(query, options)),
    get: (id, options) => (log('get'), store.get(id, options)),
    getMany: (ids, options) => (log('getMany'), store.getMany(ids, options)),
    listGroups: (query, options) => (log('listGroups'), store.listGroups!(query, options)),
  };
}

const zooSchema = z.object({ name: z.string(), city: z.string().optional() });
const animalSchema = z.object({ name: z.string(), zooId: z.string(), keeperId: z.string().optional() });
const keeperSchema = z.object({ name: z.string(), secret: z.boolean() });

function zooApi(options: { calls?: Calls; api?: Partial<ApiOptions>; animals?: number } = {}) {
  const calls = options.calls ?? {};
  const zoos = defineCollection({
    name: 'zoos',
    schema: zooSchema,
    scopes: { read: 'zoo:read' },
    store: counted(
      'zoos',
      memoryStore({ initial: [{ name: 'Kelburn', city: 'Wellington' }, { name: 'Orana' }, { name: 'Empty' }] }),
      calls,
    ),
  });
  const keepers = defineCollection({
    name: 'keepers',
    schema: keeperSchema,
    scopes: { read: 'staff:read' },
    // Secret keepers are hidden from everyone but their own subject.
    authorize: ({ record, principal }) => !record?.secret || principal?.subject === record.name,
    store: counted(
      'keepers',
      memoryStore({
        initial: [
          { name: 'ann', secret: false },
          { name: 'bob', secret: true },
        ],
      }),
      calls,
    ),
  });
  const many = Array.from({ length: options.animals ?? 0 }, (_, index) => ({ name: `Extra ${index}`, zooId: '2' }));
  const animals = defineCollection({
    name: 'animals',
    schema: animalSchema,
    scopes: { read: 'zoo:read' },
    parent: { collection: zoos, field: 'zooId', relation: 'zoo', inverse: 'animals' },
    relations: { keeper: { collection: keepers, field: 'keeperId' } },
    // A caller named "kelburn-only" sees the animals of zoo 1 alone.
    listFilter: (principal) => (principal?.subject === 'kelburn-only' ? { zooId: '1' } : undefined),
    store: counted(
      'animals',
      memoryStore({
        initial: [
          { name: 'Kea', zooId: '1', keeperId: '1' },
          { name: 'Tui', zooId: '2', keeperId: '2' },
          { name: 'Weta', zooId: '1' },
          { name: 'Moa', zooId: '9' },
          ...many,
        ],
      }),
      calls,
    ),
  });
  const api = createApi({
    collections: [zoos, animals, keepers],
    auth: tokenAuth,
    logger: silentLogger,
    ...options.api,
  });
  const get = (path: string, token = 'ann+zoo:read+staff:read', headers: Record<string, string> = {}) =>
    api.fetch(new Request(`http://x/v1/${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }));
  return { get, calls, api, zoos, animals };
}

const zooLinks = (id: string) => [
  { rel: 'self', href: `/v1/zoos/${id}` },
  { rel: 'animals', href: `/v1/zoos/${id}/animals` },
];

describe('?expand= on lists and records', () => {
  it('embeds the related record of a to-one relation beside its link, and null where there is none', async () => {
    const { get } = zooApi();
    const response = await get('animals?expand=zoo');
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page.animals[0]).toEqual({
      id: '1',
      name: 'Kea',
      zooId: '1',
      keeperId: '1',
      links: [
        { rel: 'self', href: '/v1/animals/1' },
        { rel: 'zoo', href: '/v1/zoos/1' },
        { rel: 'keeper', href: '/v1/keepers/1' },
      ],
      zoo: { id: '1', name: 'Kelburn', city: 'Wellington', links: zooLinks('1') },
    });
    expect(page.animals.map((animal: { zoo: { name: string } | null }) => animal.zoo?.name ?? null)).toEqual([
      'Kelburn',
      'Orana',
      'Kelburn',
      null,
    ]);
    // Without expand, the same records come without the embedded zoo.
    expect((await (await get('animals')).json()).animals[0]).not.toHaveProperty('zoo');
  });

  it('embeds the first records of a to-many relation as a page, with a link to the rest', async () => {
    const { get } = zooApi({ animals: 12 });
    const page = await (await get('zoos?expand=animals')).json();
    const [kelburn, orana, empty] = page.zoos;
    expect(kelburn.animals).toEqual({
      offset: 0,
      limit: 10,
      total: 2,
      animals: [expect.objectContaining({ id: '1', name: 'Kea' }), expect.objectContaining({ id: '3', name: 'Weta' })],
      links: [],
    });
    expect(orana.animals).toMatchObject({
      total: 13,
      limit: 10,
      links: [{ rel: 'nextPage', href: '/v1/zoos/2/animals?offset=10&limit=10' }],
    });
    expect(orana.animals.animals).toHaveLength(10);
    expect(empty.animals).toEqual({ offset: 0, limit: 10, total: 0, animals: [], links: [] });
    // The next page link leads to the rest, in the same order.
    const rest = await (await get('zoos/2/animals?offset=10&limit=10')).json();
    expect(rest.animals.map((a: { id: string }) => a.id)).toEqual(['14', '15', '16']);
  });

  it('follows chains up to the depth limit, on lists and single records', async () => {
    const { get } = zooApi();
    const zoo = await (await get('zoos/1?expand=animals.zoo,animals.keeper')).json();
    expect(zoo.animals.animals[0].zoo).toMatchObject({ id: '1', name: 'Kelburn' });
    expect(zoo.animals.animals[0].keeper).toMatchObject({ id: '1', name: 'ann' });
    expect(zoo.animals.animals[1].keeper).toBeNull();
    const animal = await (await get('animals/1?expand=zoo.animals')).json();
    expect(animal.zoo.animals.animals.map((a: { name: string }) => a.name)).toEqual(['Kea', 'Weta']);
    expect((await get('zoos/1/animals/1?expand=zoo')).status).toBe(200);
  });

  it('costs one store call per relation level, whatever the page size', async () => {
    const calls: Calls = {};
    const { get } = zooApi({ calls, animals: 60 });
    expect((await get('animals?limit=100&expand=zoo,keeper')).status).toBe(200);
    expect(calls).toEqual({ animals: ['list'], zoos: ['getMany'], keepers: ['getMany'] });
    for (const key of Object.keys(calls)) delete calls[key];
    expect((await get('zoos?expand=animals.zoo')).status).toBe(200);
    expect(calls).toEqual({ zoos: ['list', 'getMany'], animals: ['listGroups'] });
    for (const key of Object.keys(calls)) delete calls[key];
    expect((await get('zoos/1?expand=animals.keeper')).status).toBe(200);
    expect(calls).toEqual({ zoos: ['get'], animals: ['listGroups'], keepers: ['getMany'] });
  });

  it('refuses an unknown relation, an empty name and a chain deeper than allowed, listing what may be expanded', async () => {
    const { get } = zooApi();
    const unknown = await get('animals?expand=owner');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      message: expect.stringContaining('relations of animals that may be expanded: zoo, keeper'),
      errorCode: 1032,
      additionalInformation: '/v1/errors/1032',
    });
    expect(await (await get('zoos/1?expand=animals.owner')).json()).toMatchObject({
      message: expect.stringContaining('zoo, keeper'),
    });
    expect(await (await get('keepers?expand=x')).json()).toMatchObject({
      message: expect.stringContaining('keepers has no relations to expand'),
    });
    expect((await get('animals?expand=')).status).toBe(400);
    expect((await get('animals?expand=zoo,')).status).toBe(400);
    const deep = await get('animals?expand=zoo.animals.zoo');
    expect(deep.status).toBe(400);
    expect((await deep.json()).message).toContain('at most 2');
    expect((await get('animals?expand=zoo&expand=keeper')).status).toBe(400);
    const deeper = zooApi({ api: { expand: { maxDepth: 3, childLimit: 1 } } });
    const three = await (await deeper.get('animals/1?expand=zoo.animals.keeper')).json();
    expect(three.zoo.animals).toMatchObject({ limit: 1, total: 2, animals: [{ keeper: { name: 'ann' } }] });
  });

  it("obeys the related collection's scope, per-record rule and list restriction", async () => {
    const { get } = zooApi();
    // Without the keepers' scope, expanding them is refused as reading them would be.
    const refused = await get('animals?expand=keeper', 'ann+zoo:read');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('staff:read');
    expect((await get('animals?expand=zoo', 'ann+zoo:read')).status).toBe(200);
    // bob is a secret keeper: shown to bob alone.
    const keepers = async (token: string) =>
      (await (await get('animals?expand=keeper', token)).json()).animals.map(
        (a: { keeper: { name: string } | null }) => a.keeper?.name ?? null,
      );
    expect(await keepers('ann+zoo:read+staff:read')).toEqual(['ann', null, null, null]);
    expect(await keepers('bob+zoo:read+staff:read')).toEqual(['ann', 'bob', null, null]);
    // A caller whose animal lists are restricted sees the same restriction inside an expansion.
    const zoos = await (await get('zoos?expand=animals', 'kelburn-only+zoo:read')).json();
    expect(zoos.zoos.map((zoo: { animals: { total: number } }) => zoo.animals.total)).toEqual([2, 0, 0]);
  });

  it('gives an expanded answer a tag of its own that changes when an embedded record changes', async () => {
    const { get, zoos } = zooApi();
    const plain = (await get('animals')).headers.get('etag');
    const first = await get('animals?expand=zoo');
    const tag = first.headers.get('etag')!;
    expect(tag).not.toBe(plain);
    expect((await get('animals?expand=zoo', undefined, { 'if-none-match': tag })).status).toBe(304);
    const member = (await get('animals/1?expand=zoo')).headers.get('etag')!;
    expect((await get('animals/1?expand=zoo', undefined, { 'if-none-match': member })).status).toBe(304);
    // The zoo changes; the animals do not.
    await zoos.store.replace('1', { name: 'Wellington Zoo', city: 'Wellington' });
    const after = await get('animals?expand=zoo', undefined, { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    expect((await get('animals/1?expand=zoo', undefined, { 'if-none-match': member })).status).toBe(200);
    expect((await get('animals', undefined, { 'if-none-match': plain! })).status).toBe(304);
  });

  it('works with fields: the relation field is read even when not shown', async () => {
    const { get } = zooApi();
    const page = await (await get('animals?fields=name&expand=zoo')).json();
    expect(page.animals[0]).toEqual({
      id: '1',
      name: 'Kea',
      links: expect.any(Array),
      zoo: expect.objectContaining({ name: 'Kelburn' }),
    });
    const one = await (await get('animals/2?fields=name&expand=keeper', 'bob+zoo:read+staff:read')).json();
    expect(one).toEqual({
      id: '2',
      name: 'Tui',
      links: expect.any(Array),
      keeper: expect.objectContaining({ name: 'bob' }),
    });
  });
});

describe('?expand= limits', () => {
  it('checks every scope of the chain before reading, so the answer does not depend on the data', async () => {
    const { get } = zooApi();
    // Zoo 3 has no animals: without staff:read, expanding their keepers is refused all the same.
    expect((await get('zoos/3?expand=animals.keeper', 'ann+zoo:read')).status).toBe(403);
    expect((await get('zoos/1?expand=animals.keeper', 'ann+zoo:read')).status).toBe(403);
  });

  it('refuses an expansion that would embed more records than expand.maxRecords', async () => {
    const { get } = zooApi({ animals: 30, api: { expand: { maxRecords: 10 } } });
    // Two zoos for a page of 40 animals; 2 + 10 animals for the three zoos.
    expect((await get('animals?limit=40&expand=zoo')).status).toBe(200);
    const refused = await get('zoos?expand=animals');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      errorCode: 1032,
      message: expect.stringContaining('more than 10 records'),
    });
  });

  it('links to-many relations of a collection served only below its parent at the route that lists them', async () => {
    const sites = defineCollection({ name: 'sites', schema: z.object({ name: z.string() }) });
    const pens = defineCollection({
      name: 'pens',
      schema: z.object({ label: z.string() }),
      parent: { collection: sites, field: 'siteId', topLevel: false },
    });
    const birds = defineCollection({
      name: 'birds',
      schema: z.object({ name: z.string() }),
      parent: { collection: pens, field: 'penId', topLevel: false, inverse: 'birds' },
    });
    const api = createApi({ collections: [sites, pens, birds], logger: silentLogger });
    const send = (method: string, path: string, body?: unknown) =>
      api.fetch(
        new Request(`http://x/v1/${path}`, {
          method,
          ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
        }),
      );
    await send('POST', 'sites', { name: 'North' });
    await send('POST', 'sites/1/pens', { label: 'A' });
    await send('POST', 'pens/1/birds', { name: 'Kea' });
    const pen = await (await send('GET', 'sites/1/pens/1?expand=birds')).json();
    const href = pen.links.find((link: { rel: string }) => link.rel === 'birds').href;
    expect(href).toBe('/v1/pens/1/birds');
    expect((await send('GET', href.slice(4))).status).toBe(200);
    expect(pen.birds.birds).toEqual([expect.objectContaining({ name: 'Kea' })]);
  });

  it('embeds nothing from a collection that is not expandable, and says to follow the link', async () => {
    const zoos = defineCollection({
      name: 'zoos',
      schema: zooSchema,
      expandable: false,
      store: memoryStore({ initial: [{ name: 'Kelburn' }] }),
    });
    const animals = defineCollection({
      name: 'animals',
      schema: animalSchema,
      parent: { collection: zoos, field: 'zooId', relation: 'zoo' },
      store: memoryStore({ initial: [{ name: 'Kea', zooId: '1' }] }),
    });
    const api = createApi({ collections: [zoos, animals], logger: silentLogger });
    const refused = await api.fetch(new Request('http://x/v1/animals?expand=zoo'));
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toContain('follow the "zoo" link');
    const page = await (await api.fetch(new Request('http://x/v1/animals'))).json();
    expect(page.animals[0].links).toContainEqual({ rel: 'zoo', href: '/v1/zoos/1' });
  });

  it('links and embeds nothing for an empty relation field', async () => {
    const zoos = defineCollection({ name: 'zoos', schema: zooSchema });
    const animals = defineCollection({
      name: 'animals',
      schema: animalSchema,
      relations: { zoo: { collection: zoos, field: 'zooId' } },
      store: memoryStore({ initial: [{ name: 'Kea', zooId: '' }] }),
    });
    const api = createApi({ collections: [zoos, animals], logger: silentLogger });
    const page = await (await api.fetch(new Request('http://x/v1/animals?expand=zoo'))).json();
    expect(page.animals[0]).toMatchObject({ zoo: null, links: [{ rel: 'self', href: '/v1/animals/1' }] });
  });
});

describe('relation declarations', () => {
  const zoos = defineCollection({ name: 'zoos', schema: zooSchema });
  type AnimalOptions = Partial<CollectionOptions<typeof animalSchema, 'animals'>>;
  const declare = (options: AnimalOptions) => () =>
    defineCollection({ name: 'animals', schema: animalSchema, ...options });

  it.each([
    [
      'a name that is no word',
      { relations: { 'the zoo': { collection: zoos, field: 'zooId' } } },
      'CORRAL_INVALID_RELATION',
    ],
    ['a name of a field', { relations: { name: { collection: zoos, field: 'zooId' } } }, 'CORRAL_INVALID_RELATION'],
    ['the name links', { relations: { links: { collection: zoos, field: 'zooId' } } }, 'CORRAL_INVALID_RELATION'],
    [
      'a name twice',
      {
        parent: { collection: zoos, field: 'zooId', relation: 'zoo' },
        relations: { zoo: { collection: zoos, field: 'zooId' } },
      },
      'CORRAL_INVALID_RELATION',
    ],
    ['an unknown field', { relations: { zoo: { collection: zoos, field: 'zooNo' } } }, 'CORRAL_UNKNOWN_FIELD'],
    [
      'an inverse name that is no word',
      { parent: { collection: zoos, field: 'zooId', inverse: 'all animals' } },
      'CORRAL_INVALID_RELATION',
    ],
    [
      'the name of a parent key the server sets',
      {
        schema: z.object({ name: z.string() }),
        parent: { collection: zoos, field: 'zooNo', topLevel: false, relation: 'zooNo' },
      },
      'CORRAL_INVALID_RELATION',
    ],
    [
      'a field that holds no ids',
      {
        schema: z.object({ name: z.string(), zooId: z.object({ n: z.string() }) }),
        relations: { zoo: { collection: zoos, field: 'zooId' } },
      },
      'CORRAL_INVALID_RELATION',
    ],
  ])('refuses %s', (_, options, code) => {
    expect(declare(options as never)).toThrow(expect.objectContaining({ code }));
  });

  it('refuses a relation to a collection served only below its parent', () => {
    const statements = defineCollection({
      name: 'statements',
      schema: z.object({ period: z.string() }),
      parent: { collection: zoos, field: 'zooId', topLevel: false },
    });
    expect(declare({ relations: { statement: { collection: statements, field: 'zooId' } } })).toThrow(
      expect.objectContaining({ code: 'CORRAL_INVALID_RELATION' }),
    );
  });

  it('refuses at start-up a relation out of the version, an inverse that hides a field, and a store that cannot list groups', () => {
    const animals = declare({ relations: { zoo: { collection: zoos, field: 'zooId' } } })();
    expect(() => createApi({ collections: [animals], logger: silentLogger })).toThrow(
      expect.objectContaining({ code: 'CORRAL_RELATION_NOT_IN_VERSION' }),
    );
    const hiding = declare({ parent: { collection: zoos, field: 'zooId', inverse: 'city' } })();
    expect(() => createApi({ collections: [zoos, hiding], logger: silentLogger })).toThrow(
      expect.objectContaining({ code: 'CORRAL_INVALID_RELATION' }),
    );
    const { listGroups: _, ...plain } = memoryStore<z.infer<typeof animalSchema>>();
    const ungrouped = declare({ parent: { collection: zoos, field: 'zooId', inverse: 'animals' }, store: plain })();
    expect(() => createApi({ collections: [zoos, ungrouped], logger: silentLogger })).toThrow(
      expect.objectContaining({ code: 'CORRAL_STORE_LACKS_FEATURE' }),
    );
  });

  it.each([
    { maxDepth: 0 },
    { maxDepth: 6 },
    { maxDepth: 1.5 },
    { childLimit: 0 },
    { childLimit: 101 },
    { maxRecords: 0 },
    { maxRecords: 100_001 },
  ])('refuses expand options %o at start-up', (expand) => {
    expect(() => createApi({ collections: [zoos], logger: silentLogger, expand })).toThrow(
      expect.objectContaining({ code: 'CORRAL_INVALID_EXPAND_OPTION' }),
    );
  });
});
