import { ApiError } from '@corral/errors';
import { parsePaging, pagingParameterNames, type PagingOptions } from '@corral/pagination';
import { inputLimits } from '../http/input-limits.js';
import { quote, rejectUnknownParameters, singleValue } from '../http/query-params.js';
import type { ListQuery, SortOrder } from '../store/store.js';
import type { FieldFilter } from './field-filters.js';

/** What a collection's list endpoint accepts, prepared once per collection. */
export interface ListParamRules {
  readonly filters: ReadonlyMap<string, FieldFilter>;
  readonly sortable: readonly string[];
  readonly searchable: readonly string[];
  readonly accepted: readonly string[];
  readonly paging: PagingOptions;
}

export function listParamRules(
  filters: ReadonlyMap<string, FieldFilter>,
  sortable: readonly string[],
  searchable: readonly string[],
  paging: PagingOptions,
): ListParamRules {
  const accepted = [...pagingParameterNames, ...filters.keys(), ...(sortable.length ? ['sortby', 'order'] : []), ...(searchable.length ? ['query'] : [])];
  return { filters, sortable, searchable, accepted, paging };
}

/** Turns the query string of a list request into a store query; every problem is a 400. */
export function parseListParams(rules: ListParamRules, query: URLSearchParams): ListQuery {
  rejectUnknownParameters(query, rules.accepted);
  const { offset, limit } = parsePaging(query, rules.paging);
  const filter: Record<string, unknown> = {};
  for (const [name, fieldFilter] of rules.filters) {
    const raw = singleValue(query, name);
    if (raw !== undefined) filter[fieldFilter.field] = fieldFilter.parse(name, raw);
  }
  return { offset, limit, filter, ...sortOf(rules, query), ...searchOf(rules, query) };
}

function sortOf(rules: ListParamRules, query: URLSearchParams): Pick<ListQuery, 'sort'> {
  const field = singleValue(query, 'sortby');
  const order = singleValue(query, 'order');
  if (order !== undefined && order !== 'asc' && order !== 'desc') {
    throw new ApiError('invalidQueryParameter', `order must be one of: asc, desc; got ${quote(order)}`);
  }
  if (field === undefined) {
    if (order !== undefined) throw new ApiError('invalidQueryParameter', `order needs sortby, one of: ${rules.sortable.join(', ')}`);
    return {};
  }
  if (!rules.sortable.includes(field)) {
    throw new ApiError('invalidQueryParameter', `sortby must be one of: ${rules.sortable.join(', ')}; got ${quote(field)}`);
  }
  return { sort: { field, order: (order ?? 'asc') as SortOrder } };
}

function searchOf(rules: ListParamRules, query: URLSearchParams): Pick<ListQuery, 'search'> {
  const text = searchTextOf(query);
  return text === undefined ? {} : { search: { text, fields: rules.searchable } };
}

/** The `query` search text, if given: not blank and of bounded length (else a 400). */
export function searchTextOf(query: URLSearchParams): string | undefined {
  const text = singleValue(query, 'query');
  if (text === undefined) return undefined;
  if (text.trim() === '') throw new ApiError('invalidQueryParameter', 'query must be a non-empty search text');
  if (text.length > inputLimits.searchTextLength) {
    throw new ApiError('invalidQueryParameter', `query must be at most ${inputLimits.searchTextLength} characters; got ${text.length}`);
  }
  return text;
}
