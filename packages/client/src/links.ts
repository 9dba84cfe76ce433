/** A link as Corral writes it in records, pages and the root document. */
export interface Link {
  /** Relation of the target, e.g. `self`, `nextPage`, `salary`. */
  readonly rel: string;
  /** Target; usually an absolute path, resolved against the API's origin. */
  readonly href: string;
  /** Human-readable name of the target, when the server gave one. */
  readonly title?: string;
  /** Media type of the target, when the server gave one. */
  readonly type?: string;
}

/** Anything that carries `links` (a record, a page, the root document). */
export interface Linked {
  /** The document's links. */
  readonly links?: readonly Link[];
}

/** The href of the first link with this rel, or undefined. */
export function hrefOf(document: Linked, rel: string): string | undefined {
  return document.links?.find((link) => link.rel === rel)?.href;
}

/** Resolves a server-given href (absolute path or full URL) against the API's base URL. */
export function resolveHref(href: string, base: string): string {
  return new URL(href, base).href;
}
