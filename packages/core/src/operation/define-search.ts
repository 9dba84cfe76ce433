import { ApiError, CorralError } from '@corral/errors';
import { resourceHref } from '@corral/links';
import { pageLinks, parsePaging } from '@corral/pagination';
import { z } from 'zod';
import type { AnyCollection } from '../collection/define-collection.js';
import { collectionPathOf } from '../collection/runtime.js';
import { inputLimits } from '../http/input-limits.js';
import { searchTextOf } from '../collection/list-params.js';
import { requestOptions } from '../collection/unit-of-work.js';
import { defineOperation, type Operation } from './define-operation.js';

/** One match of a cross-collection search. */
export interface SearchResult {
  /** Name of the collection the record belongs to. */
  readonly collection: string;
  /** Id of the matching record. */
  readonly id: string;
  /** Label for showing the match, from {@link SearchOptions.label}. */
  readonly name: string;
  /** Path of the record itself, so the client can fetch it. */
  readonly href: string;
}

/** Input of {@link defineSearch}. */
export interface SearchOptions {
  /** Path of the operation (default `search`). */
  readonly name?: string;
  /** Collections searched, in this order; each over its `searchable` fields. */
  readonly collections: readonly AnyCollection[];
  /** The label of a match (default: its `name` property, else its id). */
  readonly label?: (collection: AnyCollection, record: Readonly<Record<string, unknown>> & { id: string }) => string;
}

// The handler reads the paging parameters itself (with the list rules); this shape validates the
// rest and documents them all with their real types.
const whole = (description: string) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0)
    .optional()
    .describe(description);
const queryShape = z.object({
  /** Search text, required and not blank. */
  query: z
    .string()
    .trim()
    .min(1, 'must be a non-empty search text')
    .max(inputLimits.searchTextLength)
    .describe('Text to look for, case-insensitively, in the searchable fields'),
  /** Records to skip across the combined results. */
  offset: whole('Records to skip across the combined results'),
  /** Page size, capped by the API's paging settings. */
  limit: whole("Page size, capped by the API's paging settings"),
  /** One-based page number, the alternative to `offset`. */
  page: whole('One-based page number, the alternative to offset'),
  /** Page size to go with `page`. */
  per_page: whole('Page size to go with page'),
});

/** The answer of a search: a page of matches across collections. */
export const searchResultSchema = z.object({
  query: z.string(),
  offset: z.int(),
  limit: z.int(),
  total: z.int(),
  results: z.array(z.object({ collection: z.string(), id: z.string(), name: z.string(), href: z.string() })),
  links: z.array(z.object({ rel: z.string(), href: z.string() })),
});

/**
 * A `GET /<name>?query=` operation over several collections, paged like a list. A caller only
 * searches the collections whose read scope it has, within each collection's list restriction.
 */
export function defineSearch(options: SearchOptions): Operation<typeof queryShape, unknown> {
  for (const c of options.collections)
    if (c.searchable.length === 0)
      throw new CorralError(
        'CORRAL_NOT_SEARCHABLE',
        `defineSearch: collection "${c.name}" declares no searchable fields`,
      );
  const label = options.label ?? ((_c, r) => (typeof r.name === 'string' ? r.name : r.id));
  return defineOperation({
    name: options.name ?? 'search',
    title: 'Search',
    description: `Searches ${options.collections.map((c) => c.name).join(', ')} at once; only collections the caller may read take part.`,
    result: searchResultSchema,
    query: queryShape,
    async handler(context) {
      const { request, principal, prefix, hasScope, paging } = context;
      const text = searchTextOf(request.query);
      if (text === undefined) throw new ApiError('invalidQueryParameter', 'query must be a non-empty search text');
      const { offset, limit } = parsePaging(request.query, paging);
      const results: SearchResult[] = [];
      let total = 0;
      for (const collection of options.collections.filter((c) => hasScope(c.scopes.read))) {
        // One read per collection: its total places it in the combined list, and the window
        // asked for is the part of the page that falls on it (possibly nothing: limit 0).
        const from = Math.max(0, offset - total);
        const page = await collection.store.list(
          {
            filter: collection.listFilter?.(principal, context) ?? {},
            search: { text, fields: collection.searchable },
            offset: from,
            limit: Math.max(0, offset + limit - total - from),
          },
          requestOptions(context),
        );
        for (const record of page.items) {
          const data = { ...(record.data as Record<string, unknown>), id: record.id };
          results.push({
            collection: collection.name,
            id: record.id,
            name: label(collection, data),
            href: resourceHref(prefix, collectionPathOf(collection, data), record.id),
          });
        }
        total += page.total;
      }
      const links = pageLinks({ path: request.path, params: request.query, offset, limit, total });
      return { query: text, offset, limit, total, results, links };
    },
  });
}
