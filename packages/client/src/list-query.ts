import { appendFilters } from './filters.js';

/** The parts of list options that become the query string (typed by the collection in `ListOptions`). */
export interface QueryParts {
  // Each part as `ListOptions` documents it.
  readonly filter?: object;
  readonly sort?: string;
  readonly order?: 'asc' | 'desc';
  readonly query?: string;
  readonly offset?: number;
  readonly paging?: 'offset' | 'cursor';
  readonly limit?: number;
  readonly fields?: readonly string[];
  readonly expand?: readonly string[];
}

/** The list's URL: the collection's with the filters, sorting, search and window asked for. */
export function listUrl(base: string, options: QueryParts): string {
  const query = new URLSearchParams();
  appendFilters(query, (options.filter ?? {}) as Readonly<Record<string, unknown>>);
  if (options.sort !== undefined) query.append('sortby', options.sort);
  if (options.order !== undefined) query.append('order', options.order);
  if (options.query !== undefined) query.append('query', options.query);
  if (options.paging !== undefined) query.append('paging', options.paging);
  if (options.offset !== undefined) query.append('offset', String(options.offset));
  if (options.limit !== undefined) query.append('limit', String(options.limit));
  if (options.fields !== undefined) query.append('fields', options.fields.join(','));
  if (options.expand !== undefined && options.expand.length > 0) query.append('expand', options.expand.join(','));
  return query.size === 0 ? base : `${base}?${query}`;
}
