/** What a list parameter takes, for documentation to give its schema. */
export type ListParameterValue =
  | 'position'
  | 'pageNumber'
  | 'pageSize'
  | 'pagingMode'
  | 'cursor'
  | 'fieldNames'
  | 'relationChains'
  | 'sortField'
  | 'sortOrder'
  | 'searchText';

/** A query parameter of every list (its filters aside), as the parser, the router and documents know it. */
export interface ListParameter {
  /** Its name in the query string. */
  readonly name: ListParameterName;
  /** What it takes. */
  readonly takes: ListParameterValue;
  /**
   * How it chooses the page, if it does: `offset` a position, `page` a page of `per_page`, `size`
   * the size of offset and cursor pages, `cursor` paging from a place.
   */
  readonly paging?: 'offset' | 'page' | 'size' | 'cursor';
  /** Lists take it only when their collection has sortable, or searchable, fields. */
  readonly needs?: 'sortable' | 'searchable';
  /** A record's GET takes it too. */
  readonly onRecords?: true;
}

// Written once, its names then typed exactly (see ListParameterName).
const table = [
  { name: 'offset', takes: 'position', paging: 'offset' },
  { name: 'limit', takes: 'pageSize', paging: 'size' },
  { name: 'page', takes: 'pageNumber', paging: 'page' },
  { name: 'per_page', takes: 'pageSize', paging: 'page' },
  { name: 'paging', takes: 'pagingMode', paging: 'cursor' },
  { name: 'after', takes: 'cursor', paging: 'cursor' },
  { name: 'before', takes: 'cursor', paging: 'cursor' },
  { name: 'fields', takes: 'fieldNames', onRecords: true },
  { name: 'expand', takes: 'relationChains', onRecords: true },
  { name: 'sortby', takes: 'sortField', needs: 'sortable' },
  { name: 'order', takes: 'sortOrder', needs: 'sortable' },
  { name: 'query', takes: 'searchText', needs: 'searchable' },
] as const satisfies readonly (Omit<ListParameter, 'name'> & { readonly name: string })[];

/**
 * The name of one of {@link listParameters}.
 *
 * @useDeclaredType
 */
export type ListParameterName = (typeof table)[number]['name'];

/**
 * The query parameters of a list besides its filters, in the order error messages name them.
 * Filters may not take their names; offset, limit, page and per_page are read by `parsePaging`.
 */
export const listParameters: readonly ListParameter[] = table;

const namesWhere = (test: (parameter: ListParameter) => boolean): readonly string[] =>
  Object.freeze(listParameters.filter(test).map((parameter) => parameter.name));

/** Offset and page parameters, which do not go with cursor paging (`limit` does: it sets the page size). */
export const offsetOnlyParameters = namesWhere(
  (parameter) => parameter.paging === 'offset' || parameter.paging === 'page',
);

/** What a record's GET takes. */
export const recordParameters = namesWhere((parameter) => parameter.onRecords === true);

/** The parameters of {@link listParameters} that a collection's lists take, in table order. */
export function listParametersOf(collection: {
  readonly sortable: readonly unknown[];
  readonly searchable: readonly unknown[];
}): ListParameter[] {
  const has = { sortable: collection.sortable.length > 0, searchable: collection.searchable.length > 0 };
  return listParameters.filter(({ needs }) => needs === undefined || has[needs]);
}
