import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoryStore } from '../store/memory-store.js';
import { defineCollection } from './define-collection.js';

const schema = z.object({
  name: z.string(),
  yearOfBirth: z.number().int(),
  state: z.enum(['internal', 'external']),
});

const employees = () =>
  defineCollection({
    name: 'employees',
    schema,
    filters: { state: 'state' },
    sortable: ['name', 'yearOfBirth'],
    searchable: ['name'],
    links: (e) => [{ rel: 'salary', href: `employees/${e.id}/salaryStatements` }],
    scopes: { read: 'staff:read', write: 'staff:write' },
  });

describe('defineCollection', () => {
  it('keeps the declared options', () => {
    const collection = employees();
    expect(collection.kind).toBe('collection');
    expect(collection.name).toBe('employees');
    expect(collection.schema).toBe(schema);
    expect(collection.filters).toStrictEqual({ state: 'state' });
    expect(collection.sortable).toStrictEqual(['name', 'yearOfBirth']);
    expect(collection.searchable).toStrictEqual(['name']);
    expect(collection.scopes).toStrictEqual({ read: 'staff:read', write: 'staff:write' });
    expect(collection.parent).toBeUndefined();
    expect(collection.links({ id: '4', name: 'Ada', yearOfBirth: 1980, state: 'internal' })).toStrictEqual([
      { rel: 'salary', href: 'employees/4/salaryStatements' },
    ]);
  });

  it('fills in defaults for the options left out', () => {
    const zoos = defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }) });
    expect(zoos.title).toBe('Zoos');
    expect(zoos.filters).toStrictEqual({});
    expect(zoos.sortable).toStrictEqual([]);
    expect(zoos.searchable).toStrictEqual([]);
    expect(zoos.scopes).toStrictEqual({});
    expect(zoos.links({ id: '1', name: 'Berlin' })).toStrictEqual([]);
  });

  it('keeps an explicit title', () => {
    expect(defineCollection({ name: 'salaryStatements', title: 'Salary statements', schema }).title).toBe(
      'Salary statements',
    );
    expect(defineCollection({ name: 'salaryStatements', schema }).title).toBe('SalaryStatements');
  });

  it('uses a fresh memory store of its own when none is given', async () => {
    const first = defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }) });
    const second = defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }) });
    expect(first.store).not.toBe(second.store);
    const created = await first.store.create({ name: 'Berlin' });
    expect(created).toMatchObject({ id: '1', version: 1, data: { name: 'Berlin' } });
    expect(await first.store.get('1')).toMatchObject({ status: 'found' });
    expect(await second.store.list({ offset: 0, limit: 10 })).toMatchObject({ items: [], total: 0 });
  });

  it('uses the store it is given', () => {
    const store = memoryStore<z.infer<typeof schema>>();
    expect(defineCollection({ name: 'employees', schema, store }).store).toBe(store);
  });

  it.each(['', '1zoos', 'zoo s', 'zoos/1', 'zoos?x', '-zoos', '_zoos', 'zöos', 'zoos.json', '..'])(
    'refuses the name %j',
    (name) => {
      expect(() => defineCollection({ name, schema })).toThrow(
        `Collection name "${name}" must be a word usable in a URL`,
      );
    },
  );

  it.each(['offset', 'limit', 'total', 'totalEstimated', 'links'])(
    'refuses the name %j, which every list page uses for itself',
    (name) => {
      expect(() => defineCollection({ name, schema })).toThrow(`Collection name "${name}" is a key of every list page`);
    },
  );

  it.each(['zoos', 'Zoos', 'salaryStatements', 'salary_statements', 'salary-statements', 'v2'])(
    'accepts the name %j',
    (name) => {
      expect(defineCollection({ name, schema }).name).toBe(name);
    },
  );

  it('refuses filter names that paging, sorting or search already use', () => {
    for (const reserved of [
      'offset',
      'limit',
      'page',
      'per_page',
      'paging',
      'after',
      'before',
      'fields',
      'sortby',
      'order',
      'query',
    ]) {
      expect(
        () =>
          defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }), filters: { [reserved]: 'name' } }),
        reserved,
      ).toThrow(/taken/);
    }
  });

  it('keeps declared filter operators, and refuses operators a field cannot take', () => {
    const typed = z.object({
      year: z.number().int(),
      active: z.boolean(),
      tags: z.array(z.string()),
      state: z.enum(['a', 'b']),
    });
    const ranged = defineCollection({
      name: 'people',
      schema: typed,
      filters: { year: { field: 'year', operators: ['gte', 'lt'] }, state: 'state' },
    });
    expect(ranged.filters).toStrictEqual({ year: { field: 'year', operators: ['gte', 'lt'] }, state: 'state' });
    expect(Object.isFrozen(ranged.filters.year)).toBe(true);
    const refusedWith = (filters: Record<string, unknown>) => () =>
      defineCollection({ name: 'people', schema: typed, filters: filters as never });
    expect(refusedWith({ year: { field: 'year', operators: [] } })).toThrow(
      expect.objectContaining({
        code: 'CORRAL_INVALID_FILTER_OPERATOR',
        message: expect.stringContaining('allows no operator'),
      }),
    );
    expect(refusedWith({ year: { field: 'year', operators: ['between'] } })).toThrow(
      'names unknown operator "between"',
    );
    expect(refusedWith({ active: { field: 'active', operators: ['eq', 'gt'] } })).toThrow(
      'orders a true-or-false field',
    );
    expect(refusedWith({ tags: { field: 'tags', operators: ['in'] } })).toThrow('compares a nested value');
    expect(refusedWith({ 'year[gt]': 'year' })).toThrow('must be a word usable in a query string');
    // A parent key the server sets holds ids: no ranges.
    const zoos = defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }) });
    expect(() =>
      defineCollection({
        name: 'pens',
        schema: z.object({ name: z.string() }),
        parent: { collection: zoos, field: 'zooId', topLevel: false },
        filters: { zoo: { field: 'zooId' as never, operators: ['gt'] } },
      }),
    ).toThrow('orders a parent key');
    expect(() =>
      defineCollection({
        name: 'pens',
        schema: z.object({ name: z.string() }),
        parent: { collection: zoos, field: 'zooId', topLevel: false },
        filters: { zoo: { field: 'zooId' as never, operators: ['in', 'ne'] } },
      }),
    ).not.toThrow();
    // Booleans still take equality, difference and lists.
    expect(refusedWith({ active: { field: 'active', operators: ['eq', 'ne', 'in'] } })).not.toThrow();
  });

  it('refuses unknown field names in filters, sortable and searchable', () => {
    const loose = schema as z.ZodObject; // lets wrong names past the type checker, to test the runtime check
    expect(() => defineCollection({ name: 'employees', schema: loose, filters: { level: 'maturity' } })).toThrow(
      'Collection "employees" names unknown field "maturity"',
    );
    expect(() => defineCollection({ name: 'employees', schema: loose, sortable: ['name', 'age'] })).toThrow(
      'names unknown field "age"',
    );
    expect(() => defineCollection({ name: 'employees', schema: loose, searchable: ['Name'] })).toThrow(
      'names unknown field "Name"',
    );
  });

  it('allows the parent field in filters and sortable when the schema lacks it', () => {
    const zoos = defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }) });
    const animals = defineCollection({
      name: 'animals',
      schema: z.object({ name: z.string() }) as z.ZodObject,
      filters: { zoo_id: 'zooId' },
      sortable: ['zooId'],
      parent: { collection: zoos, field: 'zooId', topLevel: false },
    });
    expect(animals.filters).toStrictEqual({ zoo_id: 'zooId' });
    expect(animals.parent?.collection).toBe(zoos);
  });

  it('still refuses other unknown fields in a nested collection', () => {
    const zoos = defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }) });
    const options = {
      name: 'animals',
      schema: z.object({ name: z.string() }) as z.ZodObject,
      parent: { collection: zoos, field: 'zooId', topLevel: false },
    };
    expect(() => defineCollection({ ...options, sortable: ['zoo'] })).toThrow('names unknown field "zoo"');
  });

  it.each([
    ['id', z.object({ id: z.string(), name: z.string() })],
    ['links', z.object({ name: z.string(), links: z.array(z.string()) })],
  ])('refuses %j in the schema, since the server sets it', (_, withServerField) => {
    expect(() => defineCollection({ name: 'zoos', schema: withServerField })).toThrow(
      'Collection "zoos": "id" and "links" are set by the server; leave them out of the schema',
    );
  });

  it('is frozen, and so are its lists and maps', () => {
    const collection = employees();
    expect(Object.isFrozen(collection)).toBe(true);
    expect(Object.isFrozen(collection.filters)).toBe(true);
    expect(Object.isFrozen(collection.sortable)).toBe(true);
    expect(Object.isFrozen(collection.searchable)).toBe(true);
    expect(Object.isFrozen(collection.scopes)).toBe(true);
    expect(() => {
      (collection as { name: string }).name = 'other';
    }).toThrow(TypeError);
  });

  it('copies the option lists, so later changes to them do not leak in', () => {
    const sortable: ('name' | 'yearOfBirth')[] = ['name'];
    const filters: Record<string, 'state' | 'name'> = { state: 'state' };
    const collection = defineCollection({ name: 'employees', schema, sortable, filters });
    sortable.push('yearOfBirth');
    filters.who = 'name';
    expect(collection.sortable).toStrictEqual(['name']);
    expect(collection.filters).toStrictEqual({ state: 'state' });
  });
});

describe('Collection.with', () => {
  it('returns a new definition with the changes and leaves the original as it was', () => {
    const original = employees();
    const changed = original.with({ sortable: ['name'], scopes: { read: 'hr:read' }, title: 'Staff' });
    expect(changed).not.toBe(original);
    expect(Object.isFrozen(changed)).toBe(true);
    expect(changed.sortable).toStrictEqual(['name']);
    expect(changed.scopes).toStrictEqual({ read: 'hr:read' });
    expect(changed.title).toBe('Staff');
    expect(changed.filters).toStrictEqual({ state: 'state' });
    expect(original.sortable).toStrictEqual(['name', 'yearOfBirth']);
    expect(original.scopes).toStrictEqual({ read: 'staff:read', write: 'staff:write' });
    expect(original.title).toBe('Employees');
  });

  it('keeps the default store of the original, records included', async () => {
    const original = defineCollection({ name: 'zoos', schema: z.object({ name: z.string() }) });
    await original.store.create({ name: 'Berlin' });
    const renamed = original.with({ title: 'Zoo list' });
    expect(renamed.store).toBe(original.store);
    expect((await renamed.store.list({ offset: 0, limit: 10 })).total).toBe(1);
  });

  it('keeps a given store', () => {
    const store = memoryStore<z.infer<typeof schema>>();
    const original = defineCollection({ name: 'employees', schema, store });
    expect(original.with({ title: 'Staff' }).store).toBe(store);
  });

  it('checks the changed definition like a new one', () => {
    const original = employees();
    expect(() => original.with({ name: 'bad name' as 'employees' })).toThrow('must be a word usable in a URL');
    expect(() => original.with({ schema: z.object({ name: z.string() }) as never })).toThrow(
      'names unknown field "state"',
    );
  });

  it('can be chained', () => {
    const twice = employees().with({ title: 'Staff' }).with({ searchable: [] });
    expect(twice.title).toBe('Staff');
    expect(twice.searchable).toStrictEqual([]);
    expect(twice.sortable).toStrictEqual(['name', 'yearOfBirth']);
  });
});
