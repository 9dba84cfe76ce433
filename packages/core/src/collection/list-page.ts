import type { Link } from '@corral/links';
import { pageLinks } from '@corral/pagination';
import type { HandlerContext } from '../vocabulary/context.js';
import type { ListQuery, ListResult } from '../store/store.js';
import { cursorPage } from './cursor-paging.js';
import type { ListRequest } from './list-request.js';
import type { CollectionRuntime } from './runtime.js';
import { requestOptions } from './unit-of-work.js';

/** One page read from the store, cut to size, with its paging links. */
export interface ListPage extends ListResult<object> {
  /** `nextPage` and `previousPage`, where such pages exist. */
  readonly links: Link[];
}

/**
 * The fields the store must give for `fields=`: those asked, those the links read, and the sort
 * field of a cursor page (its cursors are made from it); undefined for whole records.
 */
export function fieldsToRead(runtime: CollectionRuntime, list: ListRequest): readonly string[] | undefined {
  const { fields, cursor, query } = list;
  return (
    fields && [...new Set([...fields, ...runtime.linkFields, ...(cursor && query.sort ? [query.sort.field] : [])])]
  );
}

/**
 * Reads the page from the store with `filter` (the query's, the path's and the caller's equality
 * filters together); null means nothing can match, which core answers itself rather than hand a
 * store an impossible filter.
 */
export async function readPage(
  runtime: CollectionRuntime,
  context: HandlerContext,
  list: ListRequest,
  filter: Readonly<Record<string, unknown>> | null,
  read: readonly string[] | undefined,
): Promise<ListPage> {
  const { collection } = runtime;
  const { query, cursor } = list;
  // Paged by cursor, one record more than the page is read: it tells whether more follow.
  const paged: ListQuery = cursor
    ? { ...query, offset: 0, limit: query.limit + 1, ...(cursor.seek ? { seek: cursor.seek } : {}) }
    : query;
  const result: ListResult<object> =
    filter === null
      ? { items: [], total: 0, revision: await collection.store.revision() }
      : await collection.store.list(
          {
            ...paged,
            filter,
            ...(read ? { fields: read } : {}),
            ...(collection.count === 'exact' ? {} : { count: collection.count }),
          },
          requestOptions(context),
        );
  const { path } = context.request;
  if (cursor) return { ...result, ...cursorPage(cursor, query, result.items, path, list.params) };
  const { offset, limit } = query;
  return { ...result, links: pageLinks({ path, params: list.params, offset, limit, total: result.total }) };
}
