/** What the client remembers of a URL it read: the tag and the body that came with it. */
export interface Remembered {
  /** The `ETag` the server sent. */
  readonly etag: string;
  /** The body of that answer, handed out again on a 304. */
  readonly body: unknown;
}

/**
 * ETags and bodies by URL, the least recently used forgotten first once `maxEntries` are kept, so a
 * long-running client that reads many records holds a bounded amount.
 */
export class EtagCache {
  readonly #entries = new Map<string, Remembered>();

  /** Keeps at most `maxEntries` URLs (0 remembers nothing: no `If-Match`, no `If-None-Match`). */
  constructor(private readonly maxEntries = 1000) {}

  /** The remembered answer of a URL, marking it recently used. */
  get(url: string): Remembered | undefined {
    const entry = this.#entries.get(url);
    if (entry) {
      this.#entries.delete(url);
      this.#entries.set(url, entry);
    }
    return entry;
  }

  /** Remembers an answer that carried an `ETag`; an answer without one forgets the URL. */
  set(url: string, etag: string | undefined, body: unknown): void {
    this.#entries.delete(url);
    if (etag === undefined || this.maxEntries === 0) return;
    this.#entries.set(url, { etag, body });
    const oldest = this.#entries.keys().next();
    if (this.#entries.size > this.maxEntries && !oldest.done) this.#entries.delete(oldest.value);
  }

  /** Forgets a URL (its record was deleted or changed elsewhere). */
  forget(url: string): void {
    this.#entries.delete(url);
  }
}
