import { followLink } from './follow.js';
import { isEnvelope } from './page.js';
import type { Resources } from './resources.js';

/**
 * Gives every record of an answer a `follow(rel)` method: the body itself when it has links, and
 * each record in the body's arrays (a list envelope's records, a bulk write's or a job's result).
 * The method is not enumerable, so `JSON.stringify`, spreading and `structuredClone` still see the
 * plain record the server sent. A record with its own field named `follow` keeps it (use
 * `collection.follow(record, rel)` there).
 */
export function addFollow(resources: Resources, body: unknown, url: string): void {
  if (body === null || typeof body !== 'object') return;
  if (Array.isArray(body)) {
    for (const item of body) addTo(resources, item, url);
    return;
  }
  if (!isEnvelope(body)) addTo(resources, body, url); // a list becomes a Page; its links are followed by paging
  for (const [key, value] of Object.entries(body))
    if (key !== 'links' && Array.isArray(value)) for (const item of value) addTo(resources, item, url);
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
