import { QueryValues } from '../http/query-values.js';
import type { ListQuery } from '../store/store.js';
import { cursorRequest, type CursorRequest } from './cursor-paging.js';
import { expansionsOf, type Expansion } from './expand-params.js';
import { selectedFields } from './field-selection.js';
import { parseListParams } from './list-params.js';
import type { CollectionRuntime } from './runtime.js';

/**
 * A list request's query string, read once and checked: which records (filters, search), in what
 * order, which page, and how each record is shown. The list handler reads only this; a change feed
 * can test a record against {@link ListRequest.query} with `listMatcher`.
 */
export interface ListRequest {
  /**
   * What the store is asked, as the client asked it: equality filters, conditions (the other
   * operators), search, sort, and the window (`offset` and `limit`; `limit` is a cursor page's size).
   */
  readonly query: ListQuery;
  /** Where a cursor page starts and the scope its cursors carry; undefined for offset paging. */
  readonly cursor: CursorRequest | undefined;
  /** The fields `fields=` keeps; undefined for whole records. */
  readonly fields: readonly string[] | undefined;
  /** The relations `expand=` embeds; undefined without the parameter. */
  readonly expand: readonly Expansion[] | undefined;
  /** The query string as sent, which the paging links carry on. */
  readonly params: URLSearchParams;
}

/**
 * Reads the query string of a list of the collection once; every problem is a 400 naming the
 * parameter (checked in this order: filters and paging, sort and search, fields, cursor, expand).
 *
 * @param path - The list's path, which its cursors are bound to.
 * @param maxDepth - How many relations one `expand` chain may follow.
 */
export function parseListQuery(
  runtime: CollectionRuntime,
  params: URLSearchParams,
  path: string,
  maxDepth: number,
): ListRequest {
  const values = new QueryValues(params);
  const query = parseListParams(runtime.list, values);
  const fields = selectedFields(runtime, values);
  const cursor = cursorRequest(runtime, values, query, path);
  const expand = expansionsOf(runtime, values, maxDepth);
  return { query, cursor, fields, expand, params };
}
