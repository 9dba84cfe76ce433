import { pagingParameterNames } from '@corral/pagination';
import { describe, expect, it } from 'vitest';
import { listParameters, listParametersOf, offsetOnlyParameters, recordParameters } from './list-query.js';

describe('the table of list parameters', () => {
  it('pages with the parameters parsePaging reads, and with the cursor ones', () => {
    const paging = listParameters.filter((parameter) => 'paging' in parameter);
    expect(paging.filter((parameter) => parameter.paging !== 'cursor').map((parameter) => parameter.name)).toEqual([
      ...pagingParameterNames,
    ]);
    expect(paging.filter((parameter) => parameter.paging === 'cursor').map((parameter) => parameter.name)).toEqual([
      'paging',
      'after',
      'before',
    ]);
    // limit sizes cursor pages too; the others choose a place, which a cursor does instead.
    expect(offsetOnlyParameters).toEqual(['offset', 'page', 'per_page']);
  });

  it('gives a record’s GET fields and expand', () => {
    expect(recordParameters).toEqual(['fields', 'expand']);
  });

  it('gives sorting and search only to collections with sortable or searchable fields', () => {
    const names = (sortable: string[], searchable: string[]) =>
      listParametersOf({ sortable, searchable }).map((parameter) => parameter.name);
    const always = ['offset', 'limit', 'page', 'per_page', 'paging', 'after', 'before', 'fields', 'expand'];
    expect(names([], [])).toEqual(always);
    expect(names(['name'], [])).toEqual([...always, 'sortby', 'order']);
    expect(names([], ['name'])).toEqual([...always, 'query']);
    expect(names(['name'], ['name'])).toEqual([...always, 'sortby', 'order', 'query']);
  });

  it('names each parameter once', () => {
    const names = listParameters.map((parameter) => parameter.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
