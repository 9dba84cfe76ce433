import { ApiError } from '@corral/errors';
import { parsePaging, type PagingOptions } from '@corral/pagination';
import { inputLimits } from '../http/input-limits.js';
import { quote, rejectUnknownParameters, singleValue } from '../http/query-params.js';
import { hasNul } from '../schema/nul-text.js';
import type { FieldCondition, ListQuery, SortOrder } from '../store/store.js';
import { parseList, type FieldFilter } from './field-filters.js';
import { filterForms, filterOperators, type FilterOperator } from './filter-declaration.js';
import { listParametersOf } from './list-query.js';

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
  const forms = [...filters].flatMap(([name, filter]) => formsOf(name, filter));
  const own = listParametersOf({ sortable, searchable });
  // Paging first, then the filters, then the rest, as error messages name them.
  const accepted = [
    ...own.filter((parameter) => parameter.paging !== undefined).map((parameter) => parameter.name),
    ...forms,
    ...own.filter((parameter) => parameter.paging === undefined).map((parameter) => parameter.name),
  ];
  return { filters, sortable, searchable, accepted, paging };
}

/** The query parameters a filter answers to (see {@link filterForms}). */
function formsOf(name: string, filter: FieldFilter): string[] {
  return filterForms(name, { field: filter.field, operators: filter.operators }).map((form) => form.name);
}

/** `name[op]` split in two; the name alone for a plain parameter. */
const operatorForm = /^(.+)\[([^\]]*)\]$/;

/** Turns the query string of a list request into a store query; every problem is a 400. */
export function parseListParams(rules: ListParamRules, query: URLSearchParams): ListQuery {
  const filter: Record<string, unknown> = {};
  const conditions: FieldCondition[] = [];
  for (const key of new Set(query.keys())) {
    // An operator the filter does not allow is told apart from an unknown parameter.
    const form = operatorForm.exec(key);
    const name = form?.[1] ?? key;
    const fieldFilter = rules.filters.get(name);
    if (!fieldFilter || rules.accepted.includes(key)) continue;
    const operator = form?.[2] ?? 'eq';
    const what = filterOperators.includes(operator as FilterOperator)
      ? `the operator ${quote(operator)} is not allowed`
      : `${quote(operator)} is not an operator`;
    throw new ApiError(
      'filterOperatorNotAllowed',
      `${quote(key)}: ${what} for this filter. It accepts: ${formsOf(name, fieldFilter).join(', ')}`,
    );
  }
  rejectUnknownParameters(query, rules.accepted);
  const { offset, limit } = parsePaging(query, rules.paging);
  for (const [name, fieldFilter] of rules.filters) {
    for (const operator of fieldFilter.operators) {
      const parameter = operator === 'eq' ? name : `${name}[${operator}]`;
      const raw =
        operator === 'eq'
          ? equalityValue(query, name)
          : operator === 'in'
            ? listedValue(query, parameter)
            : singleValue(query, parameter);
      if (raw === undefined) continue;
      if (operator === 'eq') filter[fieldFilter.field] = fieldFilter.parse(name, raw);
      else
        conditions.push({
          field: fieldFilter.field,
          operator,
          value: operator === 'in' ? parseList(fieldFilter, parameter, raw) : fieldFilter.parse(parameter, raw),
        });
    }
  }
  return {
    offset,
    limit,
    filter,
    ...(conditions.length ? { conditions } : {}),
    ...sortOf(rules, query),
    ...searchOf(rules, query),
  };
}

/**
 * The values of `name[in]`, which clients send either separated by commas or as the parameter
 * repeated (the default of many query serializers): every repeat's values count, as one list.
 */
function listedValue(query: URLSearchParams, parameter: string): string | undefined {
  const values = query.getAll(parameter);
  return values.length === 0 ? undefined : values.join(',');
}

/** The value of `name=` or `name[eq]=`, which mean the same, so only one may be given. */
function equalityValue(query: URLSearchParams, name: string): string | undefined {
  const plain = singleValue(query, name);
  const spelled = singleValue(query, `${name}[eq]`); // refused earlier unless the filter accepts it
  if (plain !== undefined && spelled !== undefined)
    throw new ApiError(
      'duplicateQueryParameter',
      `Query parameters ${quote(name)} and ${quote(`${name}[eq]`)} mean the same; give one`,
    );
  return plain ?? spelled;
}

function sortOf(rules: ListParamRules, query: URLSearchParams): Pick<ListQuery, 'sort'> {
  const field = singleValue(query, 'sortby');
  const order = singleValue(query, 'order');
  if (order !== undefined && order !== 'asc' && order !== 'desc') {
    throw new ApiError('invalidQueryParameter', `order must be one of: asc, desc; got ${quote(order)}`);
  }
  if (field === undefined) {
    if (order !== undefined)
      throw new ApiError('invalidQueryParameter', `order needs sortby, one of: ${rules.sortable.join(', ')}`);
    return {};
  }
  if (!rules.sortable.includes(field)) {
    throw new ApiError(
      'invalidQueryParameter',
      `sortby must be one of: ${rules.sortable.join(', ')}; got ${quote(field)}`,
    );
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
  if (hasNul(text)) throw new ApiError('invalidQueryParameter', 'query must not contain the NUL character (U+0000)');
  if (text.length > inputLimits.searchTextLength) {
    throw new ApiError(
      'invalidQueryParameter',
      `query must be at most ${inputLimits.searchTextLength} characters; got ${text.length}`,
    );
  }
  return text;
}
