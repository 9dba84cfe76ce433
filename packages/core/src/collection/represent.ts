import { relatedLink, resourceHref, selfLink, type Link } from '@corral/links';
import type { StoredRecord } from '../store/store.js';
import type { CollectionRuntime } from './runtime.js';

/** A record as clients see it: id first, then the data, then its links. */
export type Representation = Record<string, unknown> & { id: string; links: Link[] };

/** The links of a record: `self`, then the ones the collection declares, resolved against the version prefix. */
export function recordLinks(runtime: CollectionRuntime, prefix: string, id: string, data: Readonly<Record<string, unknown>>): Link[] {
  const self = selfLink(resourceHref(prefix, runtime.collectionPath(data), id));
  const declared = runtime.collection.links({ ...data, id });
  return [self, ...declared.map((link) => ({ ...relatedLink(prefix, link.rel, link.href, link.title), ...(link.type ? { type: link.type } : {}) }))];
}

export function represent(runtime: CollectionRuntime, prefix: string, record: StoredRecord<object>): Representation {
  const data = record.data as Readonly<Record<string, unknown>>;
  return { id: record.id, ...data, links: recordLinks(runtime, prefix, record.id, data) };
}
