import { failure } from './failures.js';
import { hrefOf, type Linked } from './links.js';
import { isEnvelope, pageOf, type Page } from './page.js';
import type { Resources } from './resources.js';
import type { ClientRecord, CollectionShape } from './shapes.js';

/**
 * What following `Rel` gives, from the collection's link map: a page of records when the map says
 * an array (a list), else the record type; `unknown` for an untyped rel.
 */
export type Followed<S extends CollectionShape, Rel extends string> = Rel extends keyof S['links']
  ? S['links'][Rel] extends readonly (infer T)[]
    ? Page<T & ClientRecordBase>
    : S['links'][Rel]
  : unknown;

/** `id` and `links` of any record. */
export type ClientRecordBase = Pick<ClientRecord<CollectionShape>, 'id' | 'links'>;

/** Reads the link `rel` of a document; a list envelope comes back as a {@link Page}. */
export async function followLink(
  resources: Resources,
  document: Linked,
  rel: string,
  base: string,
  signal?: AbortSignal,
): Promise<unknown> {
  const href = hrefOf(document, rel);
  if (href === undefined) {
    const rels = (document.links ?? []).map((link) => link.rel).join(', ');
    throw failure('usage', `GET ${base}`, `No link "${rel}" here; the document links: ${rels || 'nothing'}`);
  }
  let url: string;
  try {
    url = new URL(href, base).href;
  } catch {
    throw failure('usage', `GET ${base}`, `The link "${rel}" is no URL: ${JSON.stringify(href).slice(0, 200)}`);
  }
  const read = await resources.readWithPosition(url, signal);
  return isEnvelope(read.body) ? pageOf(resources, read, url) : read.body;
}
