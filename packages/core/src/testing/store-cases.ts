import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListQuery, Lookup, Store, StoreDatabase, StoreInit } from '../store/store.js';
import { storeUpdateCases } from './store-update-cases.js';

/** The record every store is tested with: a string, a number, an enum, a boolean, and a structured value. */
export interface Thing {
  name: string;
  legs: number;
  kind: 'cat' | 'dog' | 'eel';
  wild?: boolean;
  tags?: string[];
}

/** Records of a second collection of the same database, nested below things. */
export interface Part {
  thingId: string;
  label: string;
}

export const thingsInit: StoreInit = {
  collection: 'things',
  fields: { name: 'string', legs: 'integer', kind: 'enum', wild: 'boolean', tags: 'json' },
  filterable: ['kind', 'legs', 'wild'],
  sortable: ['name', 'legs'],
  ranged: ['legs', 'name'],
  searchable: ['name', 'kind'],
  required: ['name', 'legs', 'kind'],
  nullable: [],
  enums: { kind: ['cat', 'dog', 'eel'] },
};

/** Parts belong to things (deleting a thing takes its parts): a database store may hold that as a foreign key. */
export function partsInit(things: Store<Thing>): StoreInit {
  return {
    collection: 'parts',
    fields: { thingId: 'string', label: 'string' },
    filterable: ['thingId'],
    sortable: ['label'],
    searchable: ['label'],
    required: ['thingId', 'label'],
    nullable: [],
    enums: {},
    parentField: 'thingId',
    parent: { field: 'thingId', collection: 'things', store: things as Store<object>, onDelete: 'cascade' },
  };
}

/** Two empty stores of one database, not yet initialised; `close` releases whatever they hold. */
export interface OpenedStores {
  readonly things: Store<Thing>;
  readonly parts: Store<Part>;
  close(): Promise<void>;
}

const cat: Thing = { name: 'Cat', legs: 4, kind: 'cat' };
const dog: Thing = { name: 'Dog', legs: 4, kind: 'dog', wild: false };
const eel: Thing = { name: 'Eel', legs: 0, kind: 'eel', tags: ['wet', 'long'] };

const found = <T>(lookup: Lookup<T>) => {
  if (lookup.status !== 'found') throw new Error(`expected a record, got ${lookup.status}`);
  return lookup.record;
};

/**
 * What every store must do, whatever keeps its records (docs/collections.md, "For store authors").
 * Each store's own test calls this with a function that opens two fresh, empty stores of one
 * database; the suite calls `init` itself.
 */
/**
 * How a store numbers versions: `counted` (1 at create, at least one more per write), or `opaque`
 * (taken from the database, e.g. a digest of the row: new on every change, in no order).
 */
export interface StoreCaseOptions {
  readonly versions?: 'counted' | 'opaque';
}

export function storeCases(name: string, open: () => Promise<OpenedStores>, options: StoreCaseOptions = {}): void {
  const counted = options.versions !== 'opaque';
  /** A version the store may give a new record: 1 when it counts writes. */
  const firstVersion = counted ? 1 : expect.any(Number);
  const withStores = (test: (stores: OpenedStores) => Promise<void>) => async () => {
    const stores = await open();
    try {
      await stores.things.init?.(thingsInit);
      await stores.parts.init?.(partsInit(stores.things));
      await test(stores);
    } finally {
      await stores.close();
    }
  };

  describe(`${name} (shared store cases)`, () => {
    it(
      'creates records at version 1 under distinct, never reused string ids',
      withStores(async ({ things }) => {
        const a = await things.create(cat);
        const b = await things.create(dog);
        expect(a).toEqual({ id: expect.any(String), version: firstVersion, data: cat });
        expect(b.id).not.toBe(a.id);
        expect(found(await things.get(a.id))).toEqual(a);
        await things.delete(a.id);
        const c = await things.create(cat);
        expect([a.id, b.id]).not.toContain(c.id);
      }),
    );

    it(
      'tells deleted ids (gone) from ids never handed out (missing), for every operation',
      withStores(async ({ things }) => {
        const a = await things.create(cat);
        await things.delete(a.id);
        expect(await things.get(a.id)).toEqual({ status: 'gone' });
        expect(await things.replace(a.id, dog)).toEqual({ status: 'gone' });
        expect(await things.delete(a.id)).toEqual({ status: 'gone' });
        for (const id of ['999999999', 'no-such-id', '']) {
          expect(await things.get(id)).toEqual({ status: 'missing' });
          expect(await things.replace(id, dog)).toEqual({ status: 'missing' });
          expect(await things.delete(id)).toEqual({ status: 'missing' });
        }
      }),
    );

    it(
      'raises the version on each write and refuses a write based on another version',
      withStores(async ({ things }) => {
        const a = await things.create(cat);
        const replaced = await things.replace(a.id, dog, a.version);
        expect(replaced).toMatchObject({ status: 'ok', record: { id: a.id, data: dog } });
        const v2 = replaced.status === 'ok' ? replaced.record.version : 0;
        if (counted) expect(v2).toBeGreaterThan(a.version);
        else expect(v2).not.toBe(a.version);
        expect(await things.replace(a.id, eel, a.version)).toEqual({
          status: 'conflict',
          current: { id: a.id, version: v2, data: dog },
        });
        expect(await things.delete(a.id, a.version)).toMatchObject({ status: 'conflict', current: { version: v2 } });
        expect(found(await things.get(a.id)).data).toEqual(dog);
        expect(await things.delete(a.id, v2)).toEqual({ status: 'ok' });
      }),
    );

    it(
      'lets exactly one of many writes based on the same version win',
      withStores(async ({ things }) => {
        const a = await things.create({ ...cat, legs: 0 });
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => things.replace(a.id, { ...cat, legs: i + 1 }, a.version)),
        );
        expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
        expect(results.filter((r) => r.status === 'conflict')).toHaveLength(19);
      }),
    );

    storeUpdateCases(withStores, counted);

    it(
      'keeps structured values, booleans and absent optional fields as given',
      withStores(async ({ things }) => {
        const a = await things.create(eel);
        const b = await things.create(dog);
        expect(found(await things.get(a.id)).data).toEqual(eel);
        expect(found(await things.get(b.id)).data).toEqual(dog);
        expect(Object.keys(found(await things.get(a.id)).data)).not.toContain('wild');
      }),
    );

    it(
      'looks up many ids at once, in the order asked',
      withStores(async ({ things }) => {
        const a = await things.create(cat);
        const b = await things.create(dog);
        await things.delete(b.id);
        const lookups = await things.getMany([b.id, 'no-such-id', a.id, a.id]);
        expect(lookups).toEqual([
          { status: 'gone' },
          { status: 'missing' },
          { status: 'found', record: a },
          { status: 'found', record: a },
        ]);
        expect(await things.getMany([])).toEqual([]);
      }),
    );

    it(
      'counts and deletes by exact filter; {} means every live record',
      withStores(async ({ things }) => {
        const a = await things.create(cat);
        await things.create(dog);
        await things.create({ ...cat, name: 'Lynx', wild: true });
        expect(await things.count({})).toBe(3);
        expect(await things.count({ kind: 'cat' })).toBe(2);
        expect(await things.count({ kind: 'cat', wild: true })).toBe(1);
        expect(await things.count({ legs: 4 })).toBe(3);
        expect(await things.count({ kind: 'eel' })).toBe(0);
        expect(await things.deleteWhere({ kind: 'cat' })).toBe(2);
        expect(await things.get(a.id)).toEqual({ status: 'gone' });
        expect(await things.count({})).toBe(1);
        expect(await things.deleteWhere({ kind: 'cat' })).toBe(0);
        expect(await things.deleteWhere({})).toBe(1);
        expect(await things.count({})).toBe(0);
      }),
    );

    it(
      'lists with filters, search, sort and paging, and a total over all pages',
      withStores(async ({ things }) => {
        const made = [];
        for (const data of [cat, dog, eel, { ...cat, name: 'Zürich cat', legs: 3 }, { ...dog, name: 'ÅSA', legs: 4 }])
          made.push(await things.create(data));
        const ids = made.map((r) => r.id);
        const idsOf = (items: readonly { id: string }[]) => items.map((r) => r.id);
        // Without a sort: creation order.
        expect(idsOf((await things.list({ offset: 0, limit: 10 })).items)).toEqual(ids);
        expect(await things.list({ offset: 1, limit: 2 })).toMatchObject({
          total: 5,
          items: [{ id: ids[1] }, { id: ids[2] }],
        });
        expect(await things.list({ offset: 0, limit: 0 })).toMatchObject({ total: 5, items: [] });
        expect(await things.list({ offset: 9, limit: 5 })).toMatchObject({ total: 5, items: [] });
        expect(idsOf((await things.list({ filter: { kind: 'dog' }, offset: 0, limit: 10 })).items)).toEqual([
          ids[1],
          ids[4],
        ]);
        // Search: case-insensitive substring in any searchable field, Unicode letters included.
        expect(
          idsOf((await things.list({ search: { text: 'zÜR', fields: ['name', 'kind'] }, offset: 0, limit: 10 })).items),
        ).toEqual([ids[3]]);
        expect(
          idsOf((await things.list({ search: { text: 'åsa', fields: ['name'] }, offset: 0, limit: 10 })).items),
        ).toEqual([ids[4]]);
        expect(
          idsOf((await things.list({ search: { text: 'CAT', fields: ['name', 'kind'] }, offset: 0, limit: 10 })).items),
        ).toEqual([ids[0], ids[3]]);
        expect(
          (await things.list({ search: { text: 'at', fields: ['name'] }, filter: { legs: 4 }, offset: 0, limit: 10 }))
            .total,
        ).toBe(1);
        // Sorts: numbers by value, strings by code point, ties in creation order; desc reverses.
        expect(
          idsOf((await things.list({ sort: { field: 'legs', order: 'asc' }, offset: 0, limit: 10 })).items),
        ).toEqual([ids[2], ids[3], ids[0], ids[1], ids[4]]);
        expect(
          idsOf((await things.list({ sort: { field: 'legs', order: 'desc' }, offset: 0, limit: 10 })).items),
        ).toEqual([ids[4], ids[1], ids[0], ids[3], ids[2]]);
        expect(
          idsOf((await things.list({ sort: { field: 'name', order: 'asc' }, offset: 0, limit: 10 })).items),
        ).toEqual([ids[0], ids[1], ids[2], ids[3], ids[4]]);
        expect(
          idsOf(
            (await things.list({ sort: { field: 'name', order: 'asc' }, filter: { kind: 'dog' }, offset: 1, limit: 1 }))
              .items,
          ),
        ).toEqual([ids[4]]);
      }),
    );

    it(
      'lists the first records of several groups in one call, each with its total, keys in the order asked',
      withStores(async ({ things, parts }) => {
        const a = await things.create(cat);
        const b = await things.create(dog);
        const c = await things.create(eel);
        const made = [];
        for (const [owner, label] of [
          [a, 'a1'],
          [b, 'b1'],
          [a, 'a2'],
          [a, 'a3'],
          [b, 'b2'],
        ] as const)
          made.push(await parts.create({ thingId: owner.id, label }));
        expect(parts.listGroups, 'every store of this repository lists groups').toBeTypeOf('function');
        // Each group holds what a list of it holds first (id order, which a table's own ids may not share with creation order).
        const listed = async (owner: string, limit: number) =>
          (await parts.list({ filter: { thingId: owner }, offset: 0, limit })).items;
        const groups = await parts.listGroups!({
          field: 'thingId',
          keys: [b.id, a.id, c.id, 'no-such-thing'],
          limit: 2,
        });
        expect(groups).toEqual([
          { key: b.id, total: 2, items: await listed(b.id, 2) },
          { key: a.id, total: 3, items: await listed(a.id, 2) },
          { key: c.id, total: 0, items: [] },
          { key: 'no-such-thing', total: 0, items: [] },
        ]);
        expect(new Set(groups[0]!.items.map((r) => r.data.label))).toEqual(new Set(['b1', 'b2']));
        // A further filter narrows every group and its total; `fields` may leave other fields out.
        const narrowed = await parts.listGroups!({
          field: 'thingId',
          keys: [a.id],
          filter: { label: 'a3' },
          limit: 5,
          fields: ['label'],
        });
        expect(narrowed.map((g) => [g.total, g.items.map((r) => [r.id, r.data.label])])).toEqual([
          [1, [[made[3]!.id, 'a3']]],
        ]);
        expect(await parts.listGroups!({ field: 'thingId', keys: [], limit: 5 })).toEqual([]);
        await parts.delete(made[0]!.id);
        expect((await parts.listGroups!({ field: 'thingId', keys: [a.id], limit: 1 }))[0]).toMatchObject({
          total: 2,
          items: await listed(a.id, 1),
        });
      }),
    );

    it(
      'compares by range, difference and membership, with filters, sort, paging and totals',
      withStores(async ({ things }) => {
        const made = [];
        for (const data of [
          cat,
          dog,
          eel,
          { ...cat, name: 'Zürich cat', legs: 3, wild: true },
          { ...dog, name: 'ÅSA', legs: 6 },
        ])
          made.push(await things.create(data));
        const ids = made.map((r) => r.id);
        const listed = async (query: Omit<ListQuery, 'offset' | 'limit'>, offset = 0, limit = 10) => {
          const page = await things.list({ ...query, offset, limit });
          return { ids: page.items.map((r) => r.id), total: page.total };
        };
        expect(await listed({ conditions: [{ field: 'legs', operator: 'gte', value: 4 }] })).toEqual({
          ids: [ids[0], ids[1], ids[4]],
          total: 3,
        });
        expect(await listed({ conditions: [{ field: 'legs', operator: 'gt', value: 4 }] })).toEqual({
          ids: [ids[4]],
          total: 1,
        });
        expect(await listed({ conditions: [{ field: 'legs', operator: 'lt', value: 4 }] })).toEqual({
          ids: [ids[2], ids[3]],
          total: 2,
        });
        expect(await listed({ conditions: [{ field: 'legs', operator: 'lte', value: 0 }] })).toEqual({
          ids: [ids[2]],
          total: 1,
        });
        // Two bounds make a range; with a filter and a sort, paged.
        const range = [
          { field: 'legs', operator: 'gt', value: 0 },
          { field: 'legs', operator: 'lte', value: 6 },
        ] as const;
        // Descending, equal values come in reverse creation order.
        expect(await listed({ conditions: range, sort: { field: 'legs', order: 'desc' } }, 1, 2)).toEqual({
          ids: [ids[1], ids[0]],
          total: 4,
        });
        expect(await listed({ conditions: range, filter: { kind: 'cat' } })).toEqual({
          ids: [ids[0], ids[3]],
          total: 2,
        });
        // Text compares by code point, as a sort orders it ('Å' after 'Z').
        expect(await listed({ conditions: [{ field: 'name', operator: 'gt', value: 'Dog' }] })).toEqual({
          ids: [ids[2], ids[3], ids[4]],
          total: 3,
        });
        expect(await listed({ conditions: [{ field: 'name', operator: 'lt', value: 'Zz' }] })).toEqual({
          ids: [ids[0], ids[1], ids[2]],
          total: 3,
        }); // 'ü' comes after 'z'
        // `ne` keeps records without a value; a range never matches one.
        expect(await listed({ conditions: [{ field: 'wild', operator: 'ne', value: true }] })).toEqual({
          ids: [ids[0], ids[1], ids[2], ids[4]],
          total: 4,
        });
        expect(await listed({ conditions: [{ field: 'kind', operator: 'ne', value: 'cat' }] })).toEqual({
          ids: [ids[1], ids[2], ids[4]],
          total: 3,
        });
        expect(await listed({ conditions: [{ field: 'kind', operator: 'in', value: ['eel', 'dog'] }] })).toEqual({
          ids: [ids[1], ids[2], ids[4]],
          total: 3,
        });
        expect(await listed({ conditions: [{ field: 'legs', operator: 'in', value: [3, 6, 7] }] })).toEqual({
          ids: [ids[3], ids[4]],
          total: 2,
        });
        expect(await listed({ conditions: [{ field: 'wild', operator: 'in', value: [false] }] })).toEqual({
          ids: [ids[1], ids[4]],
          total: 2,
        });
        expect(
          await listed({
            conditions: [
              { field: 'kind', operator: 'in', value: ['cat'] },
              { field: 'legs', operator: 'lt', value: 4 },
            ],
          }),
        ).toEqual({ ids: [ids[3]], total: 1 });
        // Nothing passes: an empty page with a total of 0, also past the first page.
        expect(await listed({ conditions: [{ field: 'legs', operator: 'gt', value: 100 }] })).toEqual({
          ids: [],
          total: 0,
        });
        expect(await listed({ conditions: [{ field: 'legs', operator: 'gt', value: 0 }] }, 10, 5)).toEqual({
          ids: [],
          total: 4,
        });
      }),
    );

    it(
      'pages from a place (cursor paging): after it and before it, in every order, ties and missing values included',
      withStores(async ({ things }) => {
        const data: Thing[] = [
          cat,
          dog,
          eel,
          { ...cat, name: 'Zürich cat', legs: 3, wild: true },
          { ...dog, name: 'ÅSA', legs: 6, wild: false },
          { ...eel, name: 'Cat' },
          { ...cat, name: 'Bee', legs: 6, wild: true },
        ];
        const made = [];
        for (const item of data) made.push(await things.create(item));
        const sorts: ListQuery['sort'][] = [
          undefined,
          { field: 'name', order: 'asc' },
          { field: 'name', order: 'desc' },
          { field: 'legs', order: 'asc' },
          { field: 'legs', order: 'desc' },
          { field: 'wild', order: 'asc' },
          { field: 'wild', order: 'desc' },
        ];
        for (const sort of sorts) {
          const expected = (await things.list({ ...(sort ? { sort } : {}), offset: 0, limit: 100 })).items;
          const place = (record: (typeof expected)[number]) => ({
            key: (sort ? ((record.data as unknown as Record<string, unknown>)[sort.field] ?? null) : null) as
              | string
              | number
              | boolean
              | null,
            id: record.id,
          });
          // Forwards, two at a time, from the first page to the end.
          const walked: string[] = [];
          let page = await things.list({ ...(sort ? { sort } : {}), offset: 0, limit: 2 });
          while (page.items.length > 0) {
            walked.push(...page.items.map((r) => r.id));
            page = await things.list({
              ...(sort ? { sort } : {}),
              offset: 0,
              limit: 2,
              seek: { from: 'after', position: place(page.items.at(-1)!) },
            });
            expect(page.total, JSON.stringify(sort)).toBe(expected.length);
          }
          expect(walked, JSON.stringify(sort)).toEqual(expected.map((r) => r.id));
          // Backwards from the last record, still in list order within each page.
          const back: string[] = [];
          let before = place(expected.at(-1)!);
          for (;;) {
            const previous = await things.list({
              ...(sort ? { sort } : {}),
              offset: 0,
              limit: 3,
              seek: { from: 'before', position: before },
            });
            if (previous.items.length === 0) break;
            back.unshift(...previous.items.map((r) => r.id));
            before = place(previous.items[0]!);
          }
          expect(back, JSON.stringify(sort)).toEqual(expected.slice(0, -1).map((r) => r.id));
        }
        // With a filter: only matches, and the total counts every match.
        const dogs = await things.list({
          filter: { kind: 'dog' },
          sort: { field: 'name', order: 'asc' },
          offset: 0,
          limit: 1,
          seek: { from: 'after', position: { key: 'Cat', id: made[0]!.id } },
        });
        expect(dogs.total).toBe(2);
        expect(dogs.items.map((r) => r.data.name)).toEqual(['Dog']);
        // A place whose record was deleted still has its place.
        const all = (await things.list({ offset: 0, limit: 100 })).items;
        await things.delete(all[2]!.id);
        expect(
          (
            await things.list({ offset: 0, limit: 1, seek: { from: 'after', position: { key: null, id: all[2]!.id } } })
          ).items.map((r) => r.id),
        ).toEqual([all[3]!.id]);
      }),
    );

    it(
      'orders text by code point in sorts, ranges and cursors: above U+FFFF after U+E000-U+FFFF',
      withStores(async ({ things }) => {
        const names = ['\u{11AF4} astral', '\uFC67 compatibility', '\uE000 private', 'Zed', '\u{1F600} face'];
        const made = new Map<string, string>();
        for (const name of names) made.set(name, (await things.create({ ...cat, name })).id);
        const byCodePoint = ['Zed', '\uE000 private', '\uFC67 compatibility', '\u{11AF4} astral', '\u{1F600} face'];
        const namesOf = (items: readonly { data: Thing }[]) => items.map((r) => r.data.name);
        expect(
          namesOf((await things.list({ sort: { field: 'name', order: 'asc' }, offset: 0, limit: 10 })).items),
        ).toEqual(byCodePoint);
        expect(
          namesOf((await things.list({ sort: { field: 'name', order: 'desc' }, offset: 0, limit: 10 })).items),
        ).toEqual([...byCodePoint].reverse());
        const above = await things.list({
          conditions: [{ field: 'name', operator: 'gt', value: '\uFFFF' }],
          sort: { field: 'name', order: 'asc' },
          offset: 0,
          limit: 10,
        });
        expect(namesOf(above.items)).toEqual(['\u{11AF4} astral', '\u{1F600} face']);
        const seek = {
          from: 'after' as const,
          position: { key: '\uFC67 compatibility', id: made.get('\uFC67 compatibility')! },
        };
        expect(
          namesOf((await things.list({ sort: { field: 'name', order: 'asc' }, seek, offset: 0, limit: 10 })).items),
        ).toEqual(['\u{11AF4} astral', '\u{1F600} face']);
      }),
    );

    it(
      'sorts a record without the sort field as if its value were the greatest: last ascending, first descending',
      withStores(async ({ things }) => {
        const a = await things.create({ ...cat, wild: true });
        const b = await things.create(cat);
        const c = await things.create({ ...cat, wild: false });
        const asc = await things.list({ sort: { field: 'wild', order: 'asc' }, offset: 0, limit: 10 });
        expect(asc.items.map((r) => r.id)).toEqual([c.id, a.id, b.id]);
        const desc = await things.list({ sort: { field: 'wild', order: 'desc' }, offset: 0, limit: 10 });
        expect(desc.items.map((r) => r.id)).toEqual([b.id, a.id, c.id]);
      }),
    );

    it(
      'raises the revision with every committed write and only then',
      withStores(async ({ things }) => {
        const start = await things.revision();
        const a = await things.create(cat);
        const r1 = await things.revision();
        expect(r1).toBeGreaterThan(start);
        await things.list({ offset: 0, limit: 5 });
        await things.get(a.id);
        await things.count({});
        expect(await things.revision()).toBe(r1);
        expect((await things.list({ offset: 0, limit: 1 })).revision).toBe(r1);
        await things.replace(a.id, dog, a.version + 10);
        expect(await things.revision()).toBe(r1);
        await things.replace(a.id, dog);
        const r2 = await things.revision();
        expect(r2).toBeGreaterThan(r1);
        await things.delete(a.id);
        expect(await things.revision()).toBeGreaterThan(r2);
      }),
    );

    it(
      'replaces many records all together or not at all',
      withStores(async ({ things }) => {
        const a = await things.create(cat);
        const b = await things.create(dog);
        const gone = await things.create(eel);
        await things.delete(gone.id);
        expect(
          await things.replaceMany([
            { id: a.id, data: eel },
            { id: gone.id, data: eel },
          ]),
        ).toEqual({ status: 'gone', id: gone.id });
        expect(
          await things.replaceMany([
            { id: a.id, data: eel },
            { id: 'no-such-id', data: eel },
          ]),
        ).toEqual({ status: 'missing', id: 'no-such-id' });
        expect(
          await things.replaceMany([
            { id: a.id, data: eel },
            { id: b.id, data: eel, expectedVersion: b.version + 1 },
          ]),
        ).toMatchObject({ status: 'conflict', id: b.id, current: { version: b.version } });
        expect(found(await things.get(a.id))).toEqual(a);
        const revision = await things.revision();
        const done = await things.replaceMany(
          [
            { id: a.id, data: eel, expectedVersion: a.version },
            { id: b.id, data: cat },
          ],
          revision,
        );
        expect(done).toMatchObject({
          status: 'ok',
          records: [
            { id: a.id, data: eel },
            { id: b.id, data: cat },
          ],
        });
        expect(await things.replaceMany([{ id: a.id, data: dog }], revision)).toEqual({
          status: 'stale',
          revision: await things.revision(),
        });
        expect(found(await things.get(a.id)).data).toEqual(eel);
      }),
    );

    it(
      'deletes every record unless the collection changed since the revision given',
      withStores(async ({ things }) => {
        const a = await things.create(cat);
        await things.create(dog);
        const revision = await things.revision();
        await things.create(eel);
        expect(await things.deleteAll(revision)).toEqual({ status: 'stale', revision: await things.revision() });
        expect(await things.count({})).toBe(3);
        expect(await things.deleteAll(await things.revision())).toEqual({ status: 'ok', count: 3 });
        expect(await things.get(a.id)).toEqual({ status: 'gone' });
        expect(await things.list({ offset: 0, limit: 10 })).toMatchObject({ items: [], total: 0 });
        const b = await things.create(cat);
        expect(found(await things.get(b.id)).version).toEqual(firstVersion);
      }),
    );

    describe('transactions', () => {
      const databaseOf = (stores: OpenedStores): StoreDatabase => {
        const database = stores.things.database;
        expect(database, 'stores of one database share it').toBeDefined();
        expect(stores.parts.database).toBe(database);
        return database!;
      };

      it(
        'keeps every write of a unit that succeeds, across stores',
        withStores(async (stores) => {
          const { things, parts } = stores;
          const a = await things.create(cat);
          const result = await databaseOf(stores).transaction(async (transaction) => {
            await parts.create({ thingId: a.id, label: 'whisker' }, { transaction });
            await things.replace(a.id, dog, a.version, { transaction });
            return things.create(eel, { transaction });
          });
          expect(found(await things.get(result.id)).data).toEqual(eel);
          expect(found(await things.get(a.id)).data).toEqual(dog);
          expect(await parts.count({ thingId: a.id })).toBe(1);
        }),
      );

      it(
        'undoes every write of a unit that throws, across stores, and rethrows',
        withStores(async (stores) => {
          const { things, parts } = stores;
          const a = await things.create(cat);
          const b = await things.create(dog);
          const c = await things.create({ ...cat, name: 'Lynx' });
          await parts.create({ thingId: a.id, label: 'whisker' });
          await parts.create({ thingId: a.id, label: 'tail' });
          const before = {
            list: await things.list({
              sort: { field: 'name', order: 'asc' },
              filter: { kind: 'cat' },
              offset: 0,
              limit: 10,
            }),
            parts: await parts.list({ offset: 0, limit: 10 }),
          };
          let created = '';
          const failure = new Error('the unit fails');
          await expect(
            databaseOf(stores).transaction(async (transaction) => {
              created = (await things.create(eel, { transaction })).id;
              await things.replace(b.id, eel, undefined, { transaction });
              await things.delete(c.id, undefined, { transaction });
              await parts.deleteWhere({ thingId: a.id }, { transaction });
              await things.replaceMany([{ id: a.id, data: eel }], undefined, { transaction });
              expect(await parts.count({ thingId: a.id }, { transaction })).toBe(0);
              throw failure;
            }),
          ).rejects.toBe(failure);
          expect(await things.get(created)).toMatchObject({ status: expect.stringMatching(/^(missing|gone)$/) });
          // The data as before; the version as before or higher (a store that may have shown the unit's
          // writes to others gives the restored record a new version, so no ETag names two contents).
          for (const record of [a, b, c]) {
            const now = found(await things.get(record.id));
            expect({ id: now.id, data: now.data }).toEqual({ id: record.id, data: record.data });
            if (counted) expect(now.version).toBeGreaterThanOrEqual(record.version);
            else expect(now.version).toBe(record.version); // a version from the row itself: the row is back as it was
          }
          const strip = (page: { items: readonly { id: string; data: unknown }[]; total: number }) => ({
            items: page.items.map(({ id, data }) => ({ id, data })),
            total: page.total,
          });
          expect(strip(await parts.list({ offset: 0, limit: 10 }))).toEqual(strip(before.parts));
          // Order and filters still work as before: nothing half-restored.
          expect(
            strip(
              await things.list({
                sort: { field: 'name', order: 'asc' },
                filter: { kind: 'cat' },
                offset: 0,
                limit: 10,
              }),
            ),
          ).toEqual(strip(before.list));
          expect((await things.list({ offset: 0, limit: 10 })).items.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
        }),
      );

      it(
        'never loses a write from outside a unit that is undone, even to a record the unit wrote',
        withStores(async (stores) => {
          const { things } = stores;
          const a = await things.create(cat);
          let release!: () => void;
          const paused = new Promise<void>((resolve) => (release = resolve));
          const unit = databaseOf(stores).transaction(async (transaction) => {
            await things.replace(a.id, eel, undefined, { transaction });
            await paused;
            throw new Error('the unit fails');
          });
          const outside = things.replace(a.id, dog);
          release();
          await expect(unit).rejects.toThrow('the unit fails');
          expect((await outside).status).toBe('ok');
          expect(found(await things.get(a.id)).data).toEqual(dog);
        }),
      );

      it(
        'never loses a write from outside that was sent just before a unit began on the same record',
        withStores(async (stores) => {
          const { things } = stores;
          const a = await things.create(cat);
          // Sent first, in the same tick as the unit: it must not slip inside the unit and be undone with it.
          const outside = things.replace(a.id, dog);
          const unit = databaseOf(stores).transaction(async (transaction) => {
            await things.replace(a.id, eel, undefined, { transaction });
            await new Promise((resolve) => setTimeout(resolve, 5));
            throw new Error('the unit fails');
          });
          await expect(unit).rejects.toThrow('the unit fails');
          expect((await outside).status).toBe('ok');
          expect(found(await things.get(a.id)).data).toEqual(dog);
        }),
      );

      it(
        'keeps check-then-write units apart: a parent is never deleted while a child is added for it',
        withStores(async (stores) => {
          const { things, parts } = stores;
          const database = databaseOf(stores);
          for (let round = 0; round < 5; round++) {
            const parent = await things.create(cat);
            let release!: () => void;
            const paused = new Promise<void>((resolve) => (release = resolve));
            // What core does for a restricted delete, paused between its check and its write...
            const deleteParent = database.transaction(async (transaction) => {
              const children = await parts.count({ thingId: parent.id }, { transaction });
              await paused;
              if (children > 0) return 'refused';
              await things.delete(parent.id, undefined, { transaction });
              return 'deleted';
            });
            // ...and what it does for a child's create: check the parent, then write.
            const addChild = database.transaction(async (transaction) => {
              if ((await things.get(parent.id, { transaction })).status !== 'found') return 'refused';
              await parts.create({ thingId: parent.id, label: 'late' }, { transaction });
              return 'created';
            });
            release();
            const outcomes = await Promise.allSettled([deleteParent, addChild]);
            expect(
              outcomes.some((o) => o.status === 'fulfilled' && o.value !== 'refused'),
              'one of the two goes ahead',
            ).toBe(true);
            const parentGone = (await things.get(parent.id)).status === 'gone';
            const childCount = await parts.count({ thingId: parent.id });
            expect(parentGone && childCount > 0, 'a child of a deleted parent').toBe(false);
          }
        }),
      );
    });

    it(
      'matches a naive model over random histories of writes and reads',
      withStores(async ({ things }) => {
        await fc.assert(
          fc.asyncProperty(fc.array(operation, { maxLength: 40 }), async (ops) => {
            await things.deleteAll();
            const model: { id: string; version: number; data: Thing; order: number }[] = [];
            let order = 0;
            for (const op of ops) {
              if (op.kind === 'create') {
                const record = await things.create(op.data);
                model.push({ ...record, data: op.data, order: order++ });
              } else if (op.kind === 'replace' || op.kind === 'delete') {
                const target = model[op.pick % Math.max(1, model.length)];
                if (!target) continue;
                const expected = op.stale ? target.version + 1 : target.version;
                if (op.kind === 'replace') {
                  const result = await things.replace(target.id, op.data, expected);
                  expect(result.status).toBe(op.stale ? 'conflict' : 'ok');
                  if (result.status === 'ok') Object.assign(target, { version: result.record.version, data: op.data });
                } else {
                  expect((await things.delete(target.id, expected)).status).toBe(op.stale ? 'conflict' : 'ok');
                  if (!op.stale) model.splice(model.indexOf(target), 1);
                }
              } else if (op.kind === 'deleteWhere') {
                expect(await things.deleteWhere({ kind: op.value })).toBe(
                  model.filter((r) => r.data.kind === op.value).length,
                );
                for (const r of model.filter((m) => m.data.kind === op.value)) model.splice(model.indexOf(r), 1);
              } else {
                const expected = naiveList(model, op.query);
                const page = await things.list(op.query);
                expect({ ids: page.items.map((r) => r.id), total: page.total }).toEqual({
                  ids: expected.items.map((r) => r.id),
                  total: expected.total,
                });
                expect(await things.count(op.query.filter ?? {})).toBe(
                  naiveList(model, { filter: op.query.filter ?? {}, offset: 0, limit: 0 }).total,
                );
              }
            }
          }),
          { numRuns: 60 },
        );
      }),
    );
  });
}

const names = ['Ant', 'ant', 'Bee', 'Émile', 'zebra', 'Zebra', 'b'];
const thing: fc.Arbitrary<Thing> = fc.record(
  {
    name: fc.constantFrom(...names),
    legs: fc.constantFrom(0, 2, 4, 6, 100),
    kind: fc.constantFrom('cat', 'dog', 'eel'),
    wild: fc.boolean(),
  },
  { requiredKeys: ['name', 'legs', 'kind'] },
);
const listQuery: fc.Arbitrary<ListQuery> = fc.record(
  {
    filter: fc.record(
      { kind: fc.constantFrom('cat', 'dog', 'eel'), legs: fc.constantFrom(0, 2, 4), wild: fc.boolean() },
      { requiredKeys: [] },
    ),
    search: fc.record({
      text: fc.constantFrom('a', 'E', 'zeb', 'émi', 'ÉMI', 'x'),
      fields: fc.constant(['name', 'kind']),
    }),
    sort: fc.record({
      field: fc.constantFrom('name', 'legs'),
      order: fc.constantFrom('asc' as const, 'desc' as const),
    }),
    offset: fc.nat(6),
    limit: fc.nat(6),
  },
  { requiredKeys: ['offset', 'limit'] },
);
const operation = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), data: thing }),
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), data: thing, stale: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), data: thing, stale: fc.boolean() }),
  fc.record({
    kind: fc.constant('deleteWhere' as const),
    value: fc.constantFrom('cat' as const, 'dog' as const, 'eel' as const),
  }),
  fc.record({ kind: fc.constant('list' as const), query: listQuery }),
);

/** The obvious answer: test each record, sort by code point with ties in creation order, slice. */
function naiveList<R extends { data: Thing; order: number }>(
  rows: readonly R[],
  query: ListQuery,
): { items: R[]; total: number } {
  const text = query.search?.text.toLowerCase();
  const matches = rows.filter((row) => {
    const data = row.data as unknown as Record<string, unknown>;
    return (
      Object.entries(query.filter ?? {}).every(([field, value]) => data[field] === value) &&
      (text === undefined ||
        (query.search?.fields ?? []).some(
          (field) => typeof data[field] === 'string' && (data[field] as string).toLowerCase().includes(text),
        ))
    );
  });
  const sorted = [...matches].sort((x, y) => x.order - y.order);
  if (query.sort) {
    const { field, order } = query.sort;
    const key = (row: R) => (row.data as unknown as Record<string, string | number>)[field]!;
    sorted.sort((x, y) => {
      const a = key(x);
      const b = key(y);
      const byValue = a < b ? -1 : a > b ? 1 : 0;
      return (order === 'asc' ? byValue : -byValue) || (order === 'asc' ? x.order - y.order : y.order - x.order);
    });
  }
  return { items: sorted.slice(query.offset, query.offset + query.limit), total: matches.length };
}
