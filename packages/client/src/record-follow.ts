import { Feed } from './feed.js';
import type { WatchOptions } from './watch-options.js';
import { followLink } from './follow.js';
import { failure } from './failures.js';
import { hrefOf } from './links.js';
import { isEnvelope } from './page.js';
import type { Resources } from './resources.js';

/**
 * Gives every record of an answer a `follow(rel)` method and a `watch()` method: the body itself
 * when it has links, and each record in the body's arrays (a list envelope's records, a bulk
 * write's or a job's result). `position` is the answer's (its `Last-Event-ID` header), where
 * `watch()` starts. The methods are not enumerable, so `JSON.stringify`, spreading and
 * `structuredClone` still see the plain record the server sent. A record with its own field named
 * `follow` (or `watch`) keeps it (use `collection.follow(record, rel)` there).
 */
export function addFollow(resources: Resources, body: unknown, url: string, position?: string): void {
  if (body === null || typeof body !== 'object') return;
  if (Array.isArray(body)) {
    for (const item of body) addTo(resources, item, url, position);
    return;
  }
  // A list becomes a Page; its links are followed by paging.
  if (!isEnvelope(body)) addTo(resources, body, url, position);
  for (const [key, value] of Object.entries(body))
    if (key !== 'links' && Array.isArray(value)) for (const item of value) addTo(resources, item, url, position);
}

function addTo(resources: Resources, document: unknown, url: string, position: string | undefined): void {
  if (document === null || typeof document !== 'object') return;
  if (!Array.isArray((document as { links?: unknown }).links)) return;
  define(document, 'follow', (rel: string, signal?: AbortSignal) => followLink(resources, document, rel, url, signal));
  // Defined again at each answer, so a record a 304 handed back again watches from the newer position.
  define(document, 'watch', (options?: WatchOptions) => {
    const self = hrefOf(document, 'self');
    const located = async () => {
      if (self !== undefined && URL.canParse(self, url)) return new URL(self, url).href;
      throw failure('usage', `GET ${url}`, 'This record has no self link to watch');
    };
    return new Feed(resources, { url: located, record: true, read: position }, options);
  });
}

/** Sets a method that is not enumerable, unless the record has a field (enumerable) of that name. */
function define(document: object, name: string, value: unknown): void {
  if (Object.getOwnPropertyDescriptor(document, name)?.enumerable) return;
  Object.defineProperty(document, name, { value, enumerable: false, configurable: true, writable: true });
}
