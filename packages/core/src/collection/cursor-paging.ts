import { ApiError } from '@corral/errors';
import type { Link } from '@corral/links';
import { quote, singleValue, type QueryReader } from '../http/query-params.js';
import type { ListQuery, ListSeek, StoredRecord } from '../store/store.js';
import { cursorScope, decodeCursor, encodeCursor } from './cursor.js';
import { offsetOnlyParameters } from './list-query.js';
import type { CollectionRuntime } from './runtime.js';

/** A list request paged by cursor: where its page starts, and the scope its cursors carry. */
export interface CursorRequest {
  readonly seek: ListSeek | undefined;
  readonly scope: string;
}

/**
 * Reads `paging=cursor` with `after` or `before`; undefined for offset paging (the default). The
 * cursor parameters need `paging=cursor`, and offsets and pages do not go with it.
 */
export function cursorRequest(
  runtime: CollectionRuntime,
  params: QueryReader,
  query: ListQuery,
  path: string,
): CursorRequest | undefined {
  const paging = singleValue(params, 'paging');
  const after = singleValue(params, 'after');
  const before = singleValue(params, 'before');
  if (paging !== undefined && paging !== 'cursor' && paging !== 'offset')
    throw new ApiError('invalidQueryParameter', `paging must be one of: offset, cursor; got ${quote(paging)}`);
  if (paging !== 'cursor') {
    if (after !== undefined || before !== undefined)
      throw new ApiError(
        'conflictingPagingParameters',
        `${after !== undefined ? 'after' : 'before'} needs paging=cursor`,
      );
    return undefined;
  }
  if (!runtime.collection.store.listFeatures?.seek)
    throw new ApiError(
      'invalidQueryParameter',
      'paging=cursor is not offered by this collection: its store cannot start a page at a place',
    );
  if (query.sort && runtime.storeFields[query.sort.field] === 'json')
    throw new ApiError(
      'invalidQueryParameter',
      `paging=cursor cannot sort by ${query.sort.field}, a nested value; sort by another field or page by offset`,
    );
  for (const name of offsetOnlyParameters) {
    if (params.has(name))
      throw new ApiError(
        'conflictingPagingParameters',
        `${name} does not go with paging=cursor: a cursor page starts at after or before, and limit sets its size`,
      );
  }
  if (after !== undefined && before !== undefined)
    throw new ApiError('conflictingPagingParameters', 'Give after or before, not both');
  const scope = cursorScope(query, path);
  const field = query.sort?.field;
  const kind = field === undefined ? undefined : runtime.storeFields[field];
  const values = field === undefined ? undefined : runtime.enumValues[field];
  const seekOf = (from: 'after' | 'before', raw: string): ListSeek => ({
    from,
    position: decodeCursor(from, raw, scope, kind, values),
  });
  return {
    seek: after !== undefined ? seekOf('after', after) : before !== undefined ? seekOf('before', before) : undefined,
    scope,
  };
}

/** A page read with one record more than asked, cut to size, with links to the pages on either side. */
export function cursorPage<T>(
  request: CursorRequest,
  query: ListQuery,
  items: readonly StoredRecord<T>[],
  path: string,
  params: URLSearchParams,
): { items: readonly StoredRecord<T>[]; links: Link[] } {
  const { seek, scope } = request;
  const limit = query.limit;
  const more = items.length > limit;
  // The extra record lies beyond the page: after it, or (reading backwards) before it.
  const page = !more ? items : seek?.from === 'before' ? items.slice(items.length - limit) : items.slice(0, limit);
  const field = query.sort?.field;
  const cursorOf = (record: StoredRecord<T>) => {
    const key = field === undefined ? null : ((record.data as Record<string, unknown>)[field] ?? null);
    return encodeCursor(scope, { key: key as string | number | boolean | null, id: record.id });
  };
  const href = (name: 'after' | 'before', cursor: string) => {
    const next = new URLSearchParams();
    for (const [key, value] of params)
      if (key !== 'after' && key !== 'before' && key !== 'limit') next.append(key, value);
    next.append('limit', String(limit));
    next.append(name, cursor);
    return `${path}?${next.toString()}`;
  };
  const first = page[0];
  const last = page.at(-1);
  const links: Link[] = [];
  // An empty page (nothing past the place) has no records to lead on from.
  if (!first || !last) return { items: page, links };
  // Records follow when the page read past its end, or when it was read backwards from a place (the place follows).
  if (seek?.from === 'before' || more) links.push({ rel: 'nextPage', href: href('after', cursorOf(last)) });
  if (seek?.from === 'after' || (seek?.from === 'before' && more))
    links.push({ rel: 'previousPage', href: href('before', cursorOf(first)) });
  return { items: page, links };
}
