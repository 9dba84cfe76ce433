import { relatedLink, resourceHref, selfLink, type Link } from '@corral/links';
import { inputLimits } from '../http/input-limits.js';
import type { StoredRecord } from '../store/store.js';
import { childrenPath, relationKey } from './relations.js';
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
  representation.links = linksOf(runtime, prefix, representation, representation);
  return representation;
}

/**
 * The representation with only the `fields` asked for (plus `id` and `links`), from a record whose
 * data may hold only the fields in `read`. Undefined when the collection's links read a field
 * outside `read`: that field is then added to `runtime.linkFields`, and the caller reads the whole
 * record.
 */
export function representSelected(
  runtime: CollectionRuntime,
  prefix: string,
  record: StoredRecord<object>,
  fields: readonly string[],
  read: ReadonlySet<string>,
): Representation | undefined {
  const data = record.data as Readonly<Record<string, unknown>>;
  const full = { id: record.id, ...data } as Representation;
  let missed = false;
  const touch = (key: string | symbol) => {
    if (typeof key === 'string' && !read.has(key) && runtime.recordFields.includes(key)) {
      runtime.linkFields.add(key);
      missed = true;
    }
  };
  // Links see the record through a watch on the fields that were not read: by name, by `in`, or
  // by listing its keys (a spread), which touches every field.
  const watched = new Proxy(full, {
    get: (target, key, receiver) => (touch(key), Reflect.get(target, key, receiver) as unknown),
    has: (target, key) => (touch(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (touch(key), Reflect.getOwnPropertyDescriptor(target, key)),
    ownKeys: (target) => {
      for (const field of runtime.recordFields) touch(field);
      return Reflect.ownKeys(target);
    },
  });
  const links = linksOf(runtime, prefix, data, watched);
  if (missed) return undefined;
  const representation = { id: record.id } as Representation;
  for (const field of fields) if (Object.hasOwn(data, field)) representation[field] = data[field];
  representation.links = links;
  return representation;
}

/** `self`, then the collection's own links, bounded in number. */
function linksOf(
  runtime: CollectionRuntime,
  prefix: string,
  data: Readonly<Record<string, unknown>>,
  seen: Representation,
): Link[] {
  const path = runtime.collectionPath(data);
  const links: Link[] = [selfLink(resourceHref(prefix, path, seen.id))];
  for (const relation of runtime.relations.values()) {
    if (relation.kind === 'many') {
      links.push(relatedLink(prefix, relation.name, childrenPath(runtime, seen.id, relation.target)));
      continue;
    }
    // An optional relation field left empty links to nothing.
    const key = relationKey(seen, relation.field);
    if (key !== undefined)
      links.push(relatedLink(prefix, relation.name, resourceHref('', relation.target.collection.name, key).slice(1)));
  }
  for (const spec of runtime.collection.links(seen)) {
    const link = relatedLink(prefix, spec.rel, spec.href, spec.title);
    if (spec.type) link.type = spec.type;
    links.push(link);
  }
  if (links.length > inputLimits.linksPerRecord) {
    // A mistake in the collection's declaration, not in the request: clients may echo links back, so they are bounded.
    throw new Error(
      `The links of ${runtime.collection.name} gave ${links.length} links for one record; at most ${inputLimits.linksPerRecord} are allowed`,
    );
  }
  return links;
}
