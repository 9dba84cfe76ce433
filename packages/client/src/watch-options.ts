/** Where a feed starts, and how it is stopped. */
export interface WatchOptions {
  /**
   * Start from the position of an answer already read: a `Page` (its `position`), or a feed (the
   * last position it delivered). Every change after that answer comes (some it already showed may
   * come again: apply changes by `version`).
   */
  readonly from?: { readonly position: string | undefined };
  /** Start after this position (an event's `position`, a page's); not together with `from`. */
  readonly after?: string;
  /** Ends the feed: the pending `next()` rejects with a `CorralClientError` of kind `aborted`. */
  readonly signal?: AbortSignal;
  /**
   * Reconnect when the stream has been silent this long (default 45 s: the server sends a
   * heartbeat every 15 s, so three went missing).
   */
  readonly idleTimeoutMs?: number;
}

/** What a {@link Feed} follows: a list's URL, or a record's (which ends after its `deleted`). */
export interface FeedSource {
  /** Resolves the URL (a collection's comes from the root document). */
  readonly url: (signal: AbortSignal) => Promise<string>;
  /** Whether this is a record's feed. */
  readonly record: boolean;
  /** The position of the answer the feed is opened from (a record's or page's), when no option says otherwise. */
  readonly read?: string | undefined;
}
