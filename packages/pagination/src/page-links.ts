import type { Link } from '@corral/links';
import { isPagingParameter } from './names.js';

/** Input of {@link pageLinks}: where the page was read, how it was asked for, and what was found. */
export interface PageLinksInput {
  /** Path of the collection as it should appear in hrefs, e.g. `/v1/zoos/7/animals`; no query. */
  path: string;
  /** The request's query; filters, sorting and search carry over to the new pages. */
  params: URLSearchParams;
  /** Offset of the page being answered. */
  offset: number;
  /** Page size of the page being answered. */
  limit: number;
  /** Number of records in the whole (filtered) collection. */
  total: number;
}

/**
 * The `nextPage` and `previousPage` links of a paged answer.
 *
 * - `nextPage` appears when records follow this page; it starts right after it.
 * - `previousPage` appears when `offset > 0`. It normally starts `limit` records earlier
 *   (never below 0, so it may overlap this page when `offset < limit`). When this page starts
 *   past the end, it points at the last `limit` records instead, so that it is never empty
 *   unless the collection is.
 *
 * Both keep the page size and every other query parameter, in order and with repeats; any
 * `page`/`per_page` style is rewritten as `offset` and `limit`.
 */
export function pageLinks(input: PageLinksInput): Link[] {
  const { offset, limit, total } = input;
  const links: Link[] = [];
  if (offset + limit < total) {
    links.push({ rel: 'nextPage', href: pageHref(input, offset + limit) });
  }
  if (offset > 0) {
    const previous = Math.min(Math.max(0, offset - limit), Math.max(0, total - limit));
    links.push({ rel: 'previousPage', href: pageHref(input, previous) });
  }
  return links;
}

function pageHref(input: PageLinksInput, offset: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of input.params) {
    if (!isPagingParameter(name)) query.append(name, value);
  }
  query.append('offset', String(offset));
  query.append('limit', String(input.limit));
  return `${input.path}?${query.toString()}`;
}
