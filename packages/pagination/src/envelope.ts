import type { Link } from '@corral/links';

/** Property names the envelope uses itself; a collection cannot be called one of these. */
export type EnvelopeKey = 'offset' | 'limit' | 'total' | 'totalEstimated' | 'links';

/**
 * The body of a paged list: the window used, the size of the whole collection, the page of
 * records under the collection's own name (e.g. `animals`), and the paging links.
 */
export type PageEnvelope<K extends string, T> = {
  /** Index of the first record in this page, counted from zero. */
  offset: number;
  /** Page size actually applied, after defaults and the maximum. */
  limit: number;
  /** Number of matching records across all pages, so clients can show a page count. */
  total: number;
} & { [P in K]: T[] } & {
  /** `nextPage` and `previousPage` links, present only where such a page exists. */
  links: Link[];
};

/** The window and the links of one page, as {@link pageEnvelope} needs them. */
export interface PageInfo {
  /** Offset used for this page. */
  offset: number;
  /** Page size used for this page. */
  limit: number;
  /** Number of records in the whole (filtered) collection. */
  total: number;
  /** Usually the result of `pageLinks`. */
  links: readonly Link[];
}

const envelopeKeys: ReadonlySet<string> = new Set<EnvelopeKey>(['offset', 'limit', 'total', 'totalEstimated', 'links']);

/** Whether `name` is a key of the envelope itself, and so cannot name the records of a page. */
export function isEnvelopeKey(name: string): name is EnvelopeKey {
  return envelopeKeys.has(name);
}

/**
 * Wraps one page of records in the paged envelope. Keys come out in the order
 * offset, limit, total, `name`, links, which is the order clients see in the JSON.
 *
 * @param name - The collection's name, e.g. `employees` or `salaryStatements`.
 * @throws TypeError when `name` is one of the envelope's own keys.
 */
export function pageEnvelope<K extends string, T>(
  name: K extends EnvelopeKey ? never : K,
  items: readonly T[],
  page: PageInfo,
): PageEnvelope<K, T> {
  if (envelopeKeys.has(name)) throw new TypeError(`A paged envelope cannot name its records "${name}"`);
  // Copies, so that the envelope can be changed without touching the caller's arrays.
  const { offset, limit, total } = page;
  return { offset, limit, total, [name]: [...items], links: [...page.links] } as PageEnvelope<K, T>;
}

/** One page as {@link pageEnvelopeText} writes it. */
export interface PageText {
  /** Offset used for this page; absent on a page that starts at a place (a cursor page). */
  offset?: number | undefined;
  /** Page size used for this page. */
  limit: number;
  /** Number of records in the whole (filtered) collection. */
  total: number;
  /** True when `total` is an estimate; written only then. */
  totalEstimated?: boolean | undefined;
  /** The page's links. */
  links: readonly Link[];
}

/**
 * The paged envelope as JSON text, around records that are JSON already (a server keeps each
 * record's JSON and so never parses it back). Keys come in the order of {@link pageEnvelope}:
 * offset, limit, total (then `totalEstimated` when true), `name`, links. `name` must not be one
 * of the envelope's keys; it is not checked here, on every page.
 *
 * @param name - The collection's name, e.g. `employees`.
 * @param records - Each record's JSON text, in page order.
 */
export function pageEnvelopeText(name: string, records: readonly string[], page: PageText): string {
  const position = page.offset === undefined ? '' : `"offset":${page.offset},`;
  const estimated = page.totalEstimated ? ',"totalEstimated":true' : '';
  return `{${position}"limit":${page.limit},"total":${page.total}${estimated},${JSON.stringify(name)}:[${records.join(',')}],"links":${JSON.stringify(page.links)}}`;
}
