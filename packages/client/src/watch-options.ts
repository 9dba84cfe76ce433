import { failure } from './failures.js';

/** Where a feed starts, and how it is stopped. */
export interface WatchOptions {
  /**
   * Start from the position of an answer already read: a `Page` (its `position`), or a feed (the
   * last position it delivered). Every change after that answer comes (some it already showed may
   * come again: apply changes by `version`). A page without a position (from a server that serves
   * no feeds) starts the feed now.
   */
  readonly from?: {
    /** The position the answer carried (undefined: none). */
    readonly position: string | undefined;
  };
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

/** Default of {@link WatchOptions.idleTimeoutMs}. */
const idleDefaultMs = 45_000;

/**
 * Where a feed starts and how long it may stay silent, once the options are known to make sense
 * (a `usage` error names the option otherwise).
 */
export function checkedWatch(options: WatchOptions, read: string | undefined) {
  const refuse = (message: string) => failure('usage', 'watch', message);
  if (options.from !== undefined && options.after !== undefined) throw refuse('Give `from` or `after`, not both');
  if (options.after !== undefined && (typeof options.after !== 'string' || options.after === ''))
    throw refuse(`after must be a position (a non-empty string); got ${JSON.stringify(options.after)}`);
  const idle = options.idleTimeoutMs ?? idleDefaultMs;
  if (typeof idle !== 'number' || !Number.isFinite(idle) || idle <= 0)
    throw refuse(`idleTimeoutMs must be a positive number of milliseconds; got ${JSON.stringify(idle)}`);
  return { start: options.after ?? (options.from ? options.from.position : read), idleMs: idle };
}
