import { relatedLink, resourceHref, selfLink, type Link } from '@corral/links';
import { inputLimits } from '../http/input-limits.js';
import type { StoredRecord } from '../store/store.js';
import type { CollectionRuntime } from './runtime.js';

/** A record as clients see it: id first, then the data, then its links. */
export type Representation = Record<string, unknown> & { id: string; links: Link[] };

/**
 * Builds the representation in one object: the collection's link function sees the record (with
 * its id) before `links` is added. This runs for every record of every page, so it copies once.
 */
export function represent(runtime: CollectionRuntime, prefix: string, record: StoredRecord<object>): Representation {
  const data = record.data as Readonly<Record<string, unknown>>;
  const representation = { id: record.id, ...data } as Representation;
  const links: Link[] = [selfLink(resourceHref(prefix, runtime.collectionPath(data), record.id))];
  for (const spec of runtime.collection.links(representation)) {
    const link = relatedLink(prefix, spec.rel, spec.href, spec.title);
    if (spec.type) link.type = spec.type;
    links.push(link);
  }
  if (links.length > inputLimits.linksPerRecord) {
    // A mistake in the collection's declaration, not in the request: clients may echo links back, so they are bounded.
    throw new Error(`The links of ${runtime.collection.name} gave ${links.length} links for one record; at most ${inputLimits.linksPerRecord} are allowed`);
  }
  representation.links = links;
  return representation;
}
