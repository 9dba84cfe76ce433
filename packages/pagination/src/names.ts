/**
 * The query parameters that choose a page. A page is chosen either by `offset` and `limit` or by
 * `page` and `per_page`, never by a mix of both.
 */
export const pagingParameterNames = ['offset', 'limit', 'page', 'per_page'] as const;

/** One of {@link pagingParameterNames}. */
export type PagingParameterName = (typeof pagingParameterNames)[number];

const nameSet: ReadonlySet<string> = new Set(pagingParameterNames);

/** True when `name` is one of the paging parameters. */
export function isPagingParameter(name: string): name is PagingParameterName {
  return nameSet.has(name);
}
