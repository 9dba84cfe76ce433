import { callerVariant, contentVariant, listEtag, noneMatchHits, shortDigest } from '../http/etag.js';
import { emptyResponse, type CorralResponse } from '../http/exchange.js';
import type { HandlerContext } from '../vocabulary/context.js';
import type { Found } from './expand.js';
import { foundText } from './expand.js';
import { selectionVariant } from './field-selection.js';
import type { ListPage } from './list-page.js';
import type { ListRequest } from './list-request.js';
import type { CollectionRuntime } from './runtime.js';

/**
 * What tells a list's representations apart besides its revision: the caller, when the collection
 * restricts lists per caller, and the field selection. Letters, digits, `-` and `_`.
 */
export function listVariant(
  runtime: CollectionRuntime,
  context: HandlerContext,
  list: ListRequest,
): string | undefined {
  const caller = runtime.collection.listFilter ? callerVariant(context.principal?.subject) : undefined;
  const selection = list.fields && selectionVariant(runtime, list.fields);
  // A caller's variant is of fixed length, so the two cannot run together ambiguously.
  return caller === undefined ? selection : `${caller}${selection ?? ''}`;
}

/** Whether the list's tag is its collection's revision, known before anything is listed. */
export function taggedByRevision(runtime: CollectionRuntime, list: ListRequest): boolean {
  // Not when other programs write the store's table too (then the tag comes from the page itself),
  // nor on an expanded page, which shows other collections' records too.
  return runtime.collection.store.revisionScope !== 'own-writes' && !list.expand;
}

/** A 304 when the client's copy is current, told by the collection's revision alone; undefined otherwise. */
export async function revalidated(
  runtime: CollectionRuntime,
  list: ListRequest,
  ifNoneMatch: string | undefined,
  variant: string | undefined,
): Promise<CorralResponse | undefined> {
  if (ifNoneMatch === undefined || !taggedByRevision(runtime, list)) return undefined;
  const etag = listEtag(await runtime.collection.store.revision(), variant);
  return noneMatchHits(ifNoneMatch, etag) ? emptyResponse(304, { etag }) : undefined;
}

/** The tag of a page as read: its revision, and when the tag comes from the page, what it shows. */
export function pageEtag(
  runtime: CollectionRuntime,
  list: ListRequest,
  variant: string | undefined,
  page: ListPage,
  found: readonly Found[] | undefined,
): string {
  // The links belong to the content too: whether a next page exists can change with the same records shown.
  const own =
    runtime.collection.store.revisionScope === 'own-writes'
      ? contentVariant(`${variant ?? ''}${page.links.map((link) => link.href).join(' ')}`, page.total, page.items)
      : variant;
  // An expanded page's tag also names every record it embeds, with its version.
  return listEtag(page.revision, found ? expandedVariant(own, list.params, found) : own);
}

/** The tag variant of an answer with expansions: its own variant, what `expand` asked, and everything found. */
export function expandedVariant(variant: string | undefined, query: URLSearchParams, found: readonly Found[]): string {
  return `x${shortDigest(`${variant ?? ''}|${query.get('expand') ?? ''}${foundText(found)}`)}`;
}
