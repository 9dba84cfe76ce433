import { collectionLink, jsonMediaType, type Link } from './link.js';

/** One address the root document advertises. */
export interface RootEntry {
  /** Path segment below the prefix, e.g. `zoos` or `translate`; also names the `<name>_url` property. */
  name: string;
  /** Human-readable name, e.g. `Zoos`. */
  title: string;
  /** Collections get `rel: 'collection <href>'`, non-resource operations `rel: 'operation <href>'`. */
  kind: 'collection' | 'operation';
}

/** Input of {@link rootDocument}. */
export interface RootDocumentOptions {
  /** Base path plus version, e.g. `/v1` or `/api/v1`; no trailing slash. */
  prefix: string;
  /** Title of the API itself, used on the `self` link. */
  title: string;
  /**
   * Scheme and host (e.g. `https://api.example.com`). When given, the `_url` properties hold
   * absolute URLs; the links keep plain paths either way. A trailing slash is ignored.
   */
  origin?: string;
  /** Collections and operations to list, in the order they should appear. */
  entries: readonly RootEntry[];
}

/** The body of `GET <prefix>`: a self link, one link per entry and one `<name>_url` per entry. */
export type RootDocument = {
  /** Self link of the API root, titled with the API's name. */
  link: Link;
  /** One link per collection or operation, so clients can discover them. */
  links: Link[];
  [key: `${string}_url`]: string;
};

/**
 * Builds the API root document, the one place a client has to know a URL for: everything else
 * is reached from here.
 *
 * @throws TypeError when two entries share a name, since their `_url` properties would collide.
 */
export function rootDocument(options: RootDocumentOptions): RootDocument {
  const { prefix, title, entries } = options;
  const origin = options.origin?.replace(/\/+$/, '') ?? '';
  const doc: RootDocument = {
    link: { rel: 'self', href: prefix, title, type: jsonMediaType },
    links: [],
  };
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.name)) throw new TypeError(`Root document lists "${entry.name}" twice`);
    seen.add(entry.name);
    const link =
      entry.kind === 'collection' ? collectionLink(prefix, entry.name, entry.title) : operationLink(prefix, entry);
    doc.links.push(link);
    doc[`${entry.name}_url`] = origin + link.href;
  }
  return doc;
}

function operationLink(prefix: string, entry: RootEntry): Link {
  const href = `${prefix}/${entry.name}`;
  return { rel: `operation ${href}`, href, title: entry.title, type: jsonMediaType };
}
