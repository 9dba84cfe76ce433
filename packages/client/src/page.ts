import { failure } from './failures.js';
import { Feed } from './feed.js';
import type { WatchOptions } from './watch-options.js';
import { hrefOf, type Link } from './links.js';
import type { Read, Resources } from './resources.js';

/** One page of a list, as the envelope gave it. */
export interface Page<R> {
  /**
   * Index of the first record of the page in the whole list; undefined for a page found by cursor
   * (`paging: 'cursor'`).
   */
  readonly offset: number | undefined;
  /** The page size the server used. */
  readonly limit: number;
  /** Records matching the list's filters and search (an estimate when `totalEstimated`). */
  readonly total: number;
  /** True when the server counted `total` approximately. */
  readonly totalEstimated: boolean;
  /** The records of this page. */
  readonly items: readonly R[];
  /** The page's links (`nextPage`, `previousPage`). */
  readonly links: readonly Link[];
  /** The server's `nextPage` link, when there is a next page. */
  readonly nextUrl: string | undefined;
  /**
   * Where the list's feed stood when the page was read (the answer's `Last-Event-ID`); undefined
   * when the server serves no feeds.
   */
  readonly position: string | undefined;
  /**
   * The list's feed (the page's URL with `Accept: text/event-stream`: paging and sorting do not
   * apply), from the page's position unless the options say otherwise: no change after the read is missed.
   */
  watch(options?: WatchOptions): Feed<R>;
}

const envelopeKeys = new Set(['offset', 'limit', 'total', 'totalEstimated', 'links']);

/** Whether a body is a list envelope (`offset` unless paged by cursor, `limit`, `total`, the records, `links`). */
export function isEnvelope(body: unknown): body is Record<string, unknown> {
  if (body === null || typeof body !== 'object') return false;
  const fields = body as Record<string, unknown>;
  return (
    (fields.offset === undefined || typeof fields.offset === 'number') &&
    typeof fields.limit === 'number' &&
    typeof fields.total === 'number' &&
    Array.isArray(fields.links)
  );
}

/**
 * Reads an envelope read from `base`; the records are under the collection's name, the one array
 * that is not `links`.
 */
export function pageOf<R>(resources: Resources, read: Read, base: string): Page<R> {
  const { body, position } = read;
  if (!isEnvelope(body))
    throw failure('protocol', `GET ${base}`, `GET ${base} answered no list envelope (offset, limit, total, links)`, {
      status: 200,
    });
  const itemsKey = Object.keys(body).find((key) => !envelopeKeys.has(key) && Array.isArray(body[key]));
  const links = (Array.isArray(body.links) ? body.links : []) as Link[];
  const next = hrefOf({ links }, 'nextPage');
  return {
    offset: body.offset as number | undefined,
    limit: body.limit as number,
    total: body.total as number,
    totalEstimated: body.totalEstimated === true,
    items: (itemsKey === undefined ? [] : body[itemsKey]) as R[],
    links,
    nextUrl: next === undefined ? undefined : new URL(next, base).href,
    position,
    watch: (options) => new Feed<R>(resources, { url: async () => base, record: false, read: position }, options),
  };
}
