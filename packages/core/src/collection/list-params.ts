import { ApiError } from '@corral/errors';
import { parsePaging, type PagingOptions } from '@corral/pagination';
import { inputLimits } from '../http/input-limits.js';
import { quote, rejectUnknownParameters, singleValue, type QueryReader } from '../http/query-params.js';
import { hasNul } from '../schema/storable-text.js';
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
  /** Each filter's parameters (`name` for equality, `name[op]` for the others), in declaration order. */
  readonly filterParameters: readonly FilterParameter[];
}

/** One parameter of a filter, its name written once at startup rather than at each request. */
interface FilterParameter {
  /** The filter's name (`year`). */
  readonly name: string;
  /** The parameter's name: the filter's name, or `year[gte]`. */
  readonly parameter: string;
  /** `name[eq]`, which means the same as `name`. */
  readonly spelled: string;
  readonly operator: FilterOperator;
  readonly filter: FieldFilter;
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
  const filterParameters = [...filters].flatMap(([name, filter]) =>
    filter.operators.map((operator) => ({
      name,
      parameter: operator === 'eq' ? name : `${name}[${operator}]`,
      spelled: `${name}[eq]`,
      operator,
      filter,
    })),
  );
  return { filters, sortable, searchable, accepted, paging, filterParameters };
}

/** The query parameters a filter answers to (see {@link filterForms}). */
function formsOf(name: string, filter: FieldFilter): string[] {
  return filterForms(name, { field: filter.field, operators: filter.operators }).map((form) => form.name);
}

/** `name[op]` split in two; the name alone for a plain parameter. */
const operatorForm = /^(.+)\[([^\]]*)\]$/;

/** Turns the query string of a list request into a store query; every problem is a 400. */
export function parseListParams(rules: ListParamRules, query: QueryReader): ListQuery {
  const filter: Record<string, unknown> = {};
  const conditions: FieldCondition[] = [];
  const keys = query instanceof URLSearchParams ? new Set(query.keys()) : query.keys();
  let filtered = false;
  for (const key of keys) {
    // An operator the filter does not allow is told apart from an unknown parameter.
    const form = key.endsWith(']') ? operatorForm.exec(key) : null;
    const name = form?.[1] ?? key;
    const fieldFilter = rules.filters.get(name);
    filtered ||= fieldFilter !== undefined || rules.filters.has(key);
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
  // Filters are read in the order they were declared (whichever order the query gives them).
  if (filtered) readFilters(rules, query, filter, conditions);
  return {
    offset,
    limit,
    filter,
    ...(conditions.length ? { conditions } : {}),
    ...sortOf(rules, query),
    ...searchOf(rules, query),
  };
}

/** Each filter's value as the field's type: equality into `filter`, other operators into `conditions`. */
function readFilters(
  rules: ListParamRules,
  query: QueryReader,
  filter: Record<string, unknown>,
  conditions: FieldCondition[],
): void {
  for (const { name, parameter, spelled, operator, filter: fieldFilter } of rules.filterParameters) {
    const raw =
      operator === 'eq'
        ? equalityValue(query, name, spelled)
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

/**
 * The values of `name[in]`, which clients send either separated by commas or as the parameter
 * repeated (the default of many query serializers): every repeat's values count, as one list.
 */
function listedValue(query: QueryReader, parameter: string): string | undefined {
  const values = query.getAll(parameter);
  return values.length === 0 ? undefined : values.join(',');
}

/** The value of `name=` or `name[eq]=`, which mean the same, so only one may be given. */
function equalityValue(query: QueryReader, name: string, spelled: string): string | undefined {
  const plain = singleValue(query, name);
  const other = singleValue(query, spelled); // refused earlier unless the filter accepts it
  if (plain !== undefined && other !== undefined)
    throw new ApiError(
      'duplicateQueryParameter',
      `Query parameters ${quote(name)} and ${quote(spelled)} mean the same; give one`,
    );
  return plain ?? other;
}

function sortOf(rules: ListParamRules, query: QueryReader): Pick<ListQuery, 'sort'> {
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

function searchOf(rules: ListParamRules, query: QueryReader): Pick<ListQuery, 'search'> {
  const text = searchTextOf(query);
  return text === undefined ? {} : { search: { text, fields: rules.searchable } };
}

/** The `query` search text, if given: not blank and of bounded length (else a 400). */
export function searchTextOf(query: QueryReader): string | undefined {
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
