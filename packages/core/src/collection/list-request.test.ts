import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listMatcher } from '../store/match.js';
import { memoryStore } from '../store/memory-store.js';
import { refusal } from '../testing/refusal.js';
import { defineCollection } from './define-collection.js';
import { parseListQuery } from './list-request.js';
import { collectionRuntime, storeInitOf } from './runtime.js';

const schema = z.object({
  name: z.string(),
  yearOfBirth: z.number().int().optional(),
  state: z.enum(['internal', 'external']),
  maturity: z.enum(['junior', 'intermediate', 'senior']),
});
type Employee = z.infer<typeof schema>;

const names = ['Ada', 'Bruno', 'Chen', 'Dana', 'Emeka', 'Farah', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kofi', 'Lea'];
const seed: Employee[] = names.map((name, index) => ({
  name,
  ...(index % 5 === 4 ? {} : { yearOfBirth: 1960 + ((index * 7) % 40) }),
  state: index % 3 === 0 ? 'external' : 'internal',
  maturity: (['junior', 'intermediate', 'senior'] as const)[index % 3]!,
}));

const employees = defineCollection({
  name: 'employees',
  schema,
  filters: {
    state: { field: 'state', operators: ['eq', 'in'] },
    maturity: { field: 'maturity', operators: ['eq', 'in', 'ne'] },
    year_of_birth: { field: 'yearOfBirth', operators: ['eq', 'gt', 'gte', 'lt', 'lte'] },
  },
  sortable: ['name', 'yearOfBirth'],
  searchable: ['name', 'maturity'],
  store: memoryStore({ initial: seed }),
});
const runtime = collectionRuntime(employees, {});

const parse = (query: string) => parseListQuery(runtime, new URLSearchParams(query), '/v1/employees', 3);

describe('parseListQuery', () => {
  it('reads a list request once into one typed query', () => {
    const list = parse('state=internal&maturity[in]=junior&maturity[in]=senior&sortby=name&fields=name&limit=5');
    expect(list.query).toStrictEqual({
      offset: 0,
      limit: 5,
      filter: { state: 'internal' },
      conditions: [{ field: 'maturity', operator: 'in', value: ['junior', 'senior'] }],
      sort: { field: 'name', order: 'asc' },
    });
    expect(list.fields).toStrictEqual(['name']);
    expect(list.cursor).toBeUndefined();
    expect(list.expand).toBeUndefined();
  });

  it('refuses what each part refuses, naming the parameter', () => {
    expect(refusal(() => parse('sortby=state'))).toMatchObject({ errorCode: 1001 });
    expect(refusal(() => parse('fields=name&fields=state'))).toMatchObject({
      errorCode: 1003,
      message: 'Query parameter "fields" may be given only once',
    });
    expect(refusal(() => parse('after=x'))).toMatchObject({ errorCode: 1004, message: 'after needs paging=cursor' });
    expect(refusal(() => parse('expand=zoo'))).toMatchObject({ errorCode: 1032 });
  });
});

describe('listMatcher', () => {
  const queries = [
    '',
    'state=internal',
    'state=external&maturity=junior',
    'maturity[in]=junior,senior',
    'maturity[ne]=senior',
    'year_of_birth[gte]=1980',
    'year_of_birth[gt]=1970&year_of_birth[lte]=1990',
    'year_of_birth[lt]=1985&state[in]=internal',
    'query=a',
    'query=NIOR&state=internal',
    'query=zzz',
    'year_of_birth=1960',
  ];

  it.each(queries)('keeps exactly the records the memory store lists for %j', async (query) => {
    const store = memoryStore({ initial: seed });
    await store.init?.(storeInitOf(employees));
    const { query: list } = parse(query);
    const listed = await store.list({ ...list, offset: 0, limit: 100 });
    const matches = listMatcher(list);
    const all = await store.list({ offset: 0, limit: 100 });
    expect(all.items).toHaveLength(seed.length);
    expect(all.items.filter((record) => matches(record.data)).map((record) => record.id)).toStrictEqual(
      listed.items.map((record) => record.id),
    );
  });
});
