import { followLink } from './follow.js';
import { isEnvelope } from './page.js';
import type { Resources } from './resources.js';

/**
 * Gives every record of an answer a `follow(rel)` method: the body itself when it has links, or each
 * record of a list envelope. The method is not enumerable, so `JSON.stringify`, spreading and
 * `structuredClone` still see the plain record the server sent. A record with its own field named
 * `follow` keeps it (use `collection.follow(record, rel)` there).
 */
export function addFollow(resources: Resources, body: unknown, url: string): void {
  if (isEnvelope(body)) {
    for (const [key, value] of Object.entries(body)) if (key !== 'links' && Array.isArray(value)) for (const item of value) addTo(resources, item, url);
  } else addTo(resources, body, url);
}

function addTo(resources: Resources, document: unknown, url: string): void {
  if (document === null || typeof document !== 'object' || Object.hasOwn(document, 'follow')) return;
  if (!Array.isArray((document as { links?: unknown }).links)) return;
  Object.defineProperty(document, 'follow', {
    value: (rel: string, signal?: AbortSignal) => followLink(resources, document, rel, url, signal),
    enumerable: false,
    configurable: true,
    writable: true,
  });
}
