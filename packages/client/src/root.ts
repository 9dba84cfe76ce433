import { failure } from './failures.js';
import type { Linked } from './links.js';
import type { Resources } from './resources.js';

/** The version's root document: links to every collection and operation (and their `*_url` fields). */
export type RootDocument = Linked & Record<string, unknown>;

/** Reads the root document once and remembers it; a failed read is not remembered, so the next call asks again. */
export function rootReader(resources: Resources, base: string): () => Promise<RootDocument> {
  let root: Promise<RootDocument> | undefined;
  return () =>
    (root ??= (resources.read(base) as Promise<RootDocument>).catch((error: unknown) => {
      root = undefined;
      throw error;
    }));
}

/**
 * The URL of the collection `name`, as the root document links it (`<name>_url`, or a `collection`
 * link ending in `/<name>`); a name it does not link is a `configuration` error listing those it does.
 */
export function collectionUrl(document: RootDocument, name: string, base: string): string {
  const field = document[`${name}_url`];
  const collections = (document.links ?? []).filter((link) => link.rel.startsWith('collection '));
  const href =
    typeof field === 'string' ? field : collections.find((link) => link.href.split('?')[0]?.endsWith(`/${name}`))?.href;
  if (href !== undefined) return new URL(href, base).href;
  const named = collections.map((link) => link.href.split('?')[0]?.split('/').pop()).join(', ');
  throw failure(
    'configuration',
    `GET ${base}`,
    `The root document of ${base} names no collection "${name}"; it names: ${named || 'none'}`,
  );
}
