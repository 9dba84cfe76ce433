import type { ApiError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldFilters } from './field-filters.js';
import { listParamRules, parseListParams } from './list-params.js';
import { refusal } from '../testing/refusal.js';

const schema = z.object({
  name: z.string(),
  yearOfBirth: z.number().int(),
  state: z.enum(['internal', 'external']),
  zooId: z.string(),
});

const rules = listParamRules(
  fieldFilters({ state: 'state', year: 'yearOfBirth', zoo_id: 'zooId' }, schema.shape),
  ['name', 'yearOfBirth'],
  ['name'],
  {},
);

const parse = (query: string) => parseListParams(rules, new URLSearchParams(query));

function refused(query: string, withRules = rules): ApiError {
  return refusal(() => parseListParams(withRules, new URLSearchParams(query)));
}

describe('listParamRules', () => {
  it('accepts the paging parameters, the filters, sortby/order and query', () => {
    expect(rules.accepted).toStrictEqual([
      'offset',
      'limit',
      'page',
      'per_page',
      'paging',
      'after',
      'before',
      'state',
      'year',
      'zoo_id',
      'fields',
      'expand',
      'sortby',
      'order',
      'query',
    ]);
  });

  it('leaves out sortby/order without sortable fields and query without searchable ones', () => {
    expect(listParamRules(new Map(), [], [], {}).accepted).toStrictEqual([
      'offset',
      'limit',
      'page',
      'per_page',
      'paging',
      'after',
      'before',
      'fields',
      'expand',
    ]);
    expect(listParamRules(new Map(), ['name'], [], {}).accepted).toContain('order');
    expect(listParamRules(new Map(), [], ['name'], {}).accepted).toContain('query');
  });
});

describe('parseListParams', () => {
  it('defaults to the first page without filter, sort or search', () => {
    expect(parse('')).toStrictEqual({ offset: 0, limit: 10, filter: {} });
  });

  it('reads paging, also page/per_page, with the configured limits', () => {
    expect(parse('offset=20&limit=5')).toMatchObject({ offset: 20, limit: 5 });
    expect(parse('page=3&per_page=7')).toMatchObject({ offset: 14, limit: 7 });
    const small = listParamRules(new Map(), [], [], { defaultLimit: 2, maxLimit: 3 });
    expect(parseListParams(small, new URLSearchParams(''))).toMatchObject({ limit: 2 });
    expect(refused('limit=4', small)).toMatchObject({ status: 400, errorCode: 1001 });
    expect(refused('page=1&offset=0')).toMatchObject({ status: 400, errorCode: 1004 });
  });

  it('turns filter parameters into typed values keyed by field', () => {
    expect(parse('state=internal&year=1980&zoo_id=3').filter).toStrictEqual({
      state: 'internal',
      yearOfBirth: 1980,
      zooId: '3',
    });
  });

  it('refuses an enum filter value outside the enum, listing the values', () => {
    const error = refused('state=retired');
    expect(error).toMatchObject({ status: 400, errorCode: 1001 });
    expect(error.message).toBe('state must be one of: internal, external; got "retired"');
  });

  it("refuses '1.5' for an integer filter", () => {
    const error = refused('year=1.5');
    expect(error).toMatchObject({ status: 400, errorCode: 1001 });
    expect(error.message).toBe('year must be an integer; got "1.5"');
  });

  it('refuses an unknown parameter, listing the accepted ones', () => {
    const error = refused('colour=red');
    expect(error).toMatchObject({ status: 400, errorCode: 1002 });
    expect(error.message).toBe(
      'Unknown query parameter "colour". Accepted parameters: offset, limit, page, per_page, paging, after, before, state, year, zoo_id, fields, expand, sortby, order, query',
    );
  });

  it('refuses a filter by a field name that is not a declared parameter', () => {
    expect(refused('zooId=3')).toMatchObject({ status: 400, errorCode: 1002 });
  });

  it('sorts by a sortable field, ascending unless told otherwise', () => {
    expect(parse('sortby=name').sort).toStrictEqual({ field: 'name', order: 'asc' });
    expect(parse('sortby=yearOfBirth&order=desc').sort).toStrictEqual({ field: 'yearOfBirth', order: 'desc' });
    expect(parse('order=asc&sortby=name').sort).toStrictEqual({ field: 'name', order: 'asc' });
  });

  it('refuses sortby on a field that is not sortable, listing the sortable ones', () => {
    for (const [query, got] of [
      ['sortby=state', '"state"'],
      ['sortby=', '""'],
      ['sortby=Name', '"Name"'],
    ] as const) {
      const error = refused(query);
      expect(error).toMatchObject({ status: 400, errorCode: 1001 });
      expect(error.message).toBe(`sortby must be one of: name, yearOfBirth; got ${got}`);
    }
  });

  it('refuses an order other than asc or desc', () => {
    for (const order of ['DESC', 'descending', '']) {
      const error = refused(`sortby=name&order=${order}`);
      expect(error.status).toBe(400);
      expect(error.message).toBe(`order must be one of: asc, desc; got ${JSON.stringify(order)}`);
    }
  });

  it('refuses order without sortby', () => {
    const error = refused('order=desc');
    expect(error).toMatchObject({ status: 400, errorCode: 1001 });
    expect(error.message).toBe('order needs sortby, one of: name, yearOfBirth');
  });

  it('refuses sortby and order on a collection without sortable fields', () => {
    const unsorted = listParamRules(new Map(), [], [], {});
    expect(refused('sortby=name', unsorted)).toMatchObject({ status: 400, errorCode: 1002 });
    expect(refused('order=asc', unsorted)).toMatchObject({ status: 400, errorCode: 1002 });
  });

  it('searches the searchable fields with the text as given', () => {
    expect(parse('query=Li').search).toStrictEqual({ text: 'Li', fields: ['name'] });
    expect(parse('query=sea+lion').search).toStrictEqual({ text: 'sea lion', fields: ['name'] });
  });

  it.each(['query=', 'query=%20%20', 'query=+', 'query=%09'])('refuses an empty or blank search: %s', (query) => {
    const error = refused(query);
    expect(error).toMatchObject({ status: 400, errorCode: 1001 });
    expect(error.message).toBe('query must be a non-empty search text');
  });

  it.each([
    'state=internal&state=external',
    'year=1&year=1',
    'sortby=name&sortby=yearOfBirth',
    'order=asc&order=asc&sortby=name',
    'query=a&query=b',
    'limit=5&limit=6',
  ])('refuses a repeated parameter: %s', (query) => {
    expect(refused(query)).toMatchObject({ status: 400, errorCode: 1003, codeName: 'duplicateQueryParameter' });
  });

  it('combines everything into one store query', () => {
    expect(parse('state=external&sortby=name&order=desc&query=ad&offset=10&limit=20')).toStrictEqual({
      offset: 10,
      limit: 20,
      filter: { state: 'external' },
      sort: { field: 'name', order: 'desc' },
      search: { text: 'ad', fields: ['name'] },
    });
  });
});

describe('parseListParams with comparison operators', () => {
  const compared = listParamRules(
    fieldFilters(
      {
        year: { field: 'yearOfBirth', operators: ['eq', 'gte', 'lt', 'ne'] },
        state: { field: 'state', operators: ['in'] },
        zoo_id: 'zooId',
      },
      schema.shape,
    ),
    [],
    [],
    {},
  );
  const parsed = (query: string) => parseListParams(compared, new URLSearchParams(query));
  const refusedHere = (query: string) => refused(query, compared);

  it('accepts name[op] for each declared operator, and name[eq] beside name once a filter has others', () => {
    expect(compared.accepted).toStrictEqual([
      'offset',
      'limit',
      'page',
      'per_page',
      'paging',
      'after',
      'before',
      'year',
      'year[eq]',
      'year[gte]',
      'year[lt]',
      'year[ne]',
      'state[in]',
      'zoo_id',
      'fields',
      'expand',
    ]);
  });

  it('turns each into a typed condition on the field; equality stays a filter', () => {
    expect(parsed('year[gte]=1990&year[lt]=2000&state[in]=internal,external&zoo_id=4')).toStrictEqual({
      offset: 0,
      limit: 10,
      filter: { zooId: '4' },
      conditions: [
        { field: 'yearOfBirth', operator: 'gte', value: 1990 },
        { field: 'yearOfBirth', operator: 'lt', value: 2000 },
        { field: 'state', operator: 'in', value: ['internal', 'external'] },
      ],
    });
    expect(parsed('year[eq]=1990').filter).toStrictEqual({ yearOfBirth: 1990 });
    expect(parsed('year=1990&year[ne]=1991')).toMatchObject({
      filter: { yearOfBirth: 1990 },
      conditions: [{ field: 'yearOfBirth', operator: 'ne', value: 1991 }],
    });
    // A value listed twice in `in` is asked for once.
    expect(parsed('state[in]=internal,internal').conditions).toStrictEqual([
      { field: 'state', operator: 'in', value: ['internal'] },
    ]);
  });

  it('refuses an operator the filter does not allow, or no operator at all, naming the forms it accepts', () => {
    const notAllowed = refusedHere('year[gt]=1990');
    expect(notAllowed).toMatchObject({ status: 400, errorCode: 1030 });
    expect(notAllowed.message).toBe(
      '"year[gt]": the operator "gt" is not allowed for this filter. It accepts: year, year[eq], year[gte], year[lt], year[ne]',
    );
    expect(refusedHere('year[between]=1').message).toBe(
      '"year[between]": "between" is not an operator for this filter. It accepts: year, year[eq], year[gte], year[lt], year[ne]',
    );
    expect(refusedHere('state=internal').message).toBe(
      '"state": the operator "eq" is not allowed for this filter. It accepts: state[in]',
    );
    expect(refusedHere('zoo_id[ne]=3')).toMatchObject({ errorCode: 1030 });
    expect(refusedHere('year[]=3')).toMatchObject({ errorCode: 1030 });
    // Not a filter at all: an unknown parameter.
    expect(refusedHere('colour[gt]=3')).toMatchObject({ errorCode: 1002 });
  });

  it('checks every value as the field does, and bounds the length of a list', () => {
    expect(refusedHere('year[gte]=abc')).toMatchObject({
      errorCode: 1001,
      message: 'year[gte] must be an integer; got "abc"',
    });
    expect(refusedHere('state[in]=internal,retired')).toMatchObject({
      errorCode: 1001,
      message: 'state[in] must be one of: internal, external; got "retired"',
    });
    expect(refusedHere('state[in]=')).toMatchObject({ errorCode: 1001 });
    expect(refusedHere(`state[in]=${Array(101).fill('internal').join(',')}`)).toMatchObject({
      errorCode: 1001,
      message: 'state[in] lists at most 100 values, separated by commas; got 101',
    });
  });

  it('refuses a repeated operator, and name with name[eq]', () => {
    expect(refusedHere('year[gte]=1&year[gte]=2')).toMatchObject({ errorCode: 1003 });
    expect(refusedHere('year=1&year[eq]=1')).toMatchObject({ errorCode: 1003 });
  });

  it('takes name[in] repeated as the comma form: the values of every repeat, once each', () => {
    const inCondition = (query: string) => parsed(query).conditions;
    expect(inCondition('state[in]=internal&state[in]=external')).toStrictEqual(
      inCondition('state[in]=internal,external'),
    );
    // Commas inside repeats, and a value in two repeats: the union, each value once, in first-seen order.
    expect(inCondition('state[in]=external&state[in]=internal,external')).toStrictEqual([
      { field: 'state', operator: 'in', value: ['external', 'internal'] },
    ]);
  });

  it('checks every repeat of name[in], and bounds the values of all repeats together', () => {
    expect(refusedHere('state[in]=internal&state[in]=retired')).toMatchObject({
      errorCode: 1001,
      message: 'state[in] must be one of: internal, external; got "retired"',
    });
    expect(refusedHere('state[in]=internal&state[in]=')).toMatchObject({ errorCode: 1001 });
    const fifty = Array(50).fill('internal').join(',');
    expect(refusedHere(`state[in]=${fifty}&state[in]=${fifty},external`)).toMatchObject({
      errorCode: 1001,
      message: 'state[in] lists at most 100 values, separated by commas; got 101',
    });
    // Only `in` takes repeats: any other parameter given twice is still refused, by name.
    expect(refusedHere('zoo_id=1&zoo_id=2')).toMatchObject({
      errorCode: 1003,
      message: 'Query parameter "zoo_id" may be given only once',
    });
  });
});
