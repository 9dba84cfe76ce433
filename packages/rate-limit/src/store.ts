/** What a backend reports after counting one request. */
export interface RateLimitCount {
  /** Requests counted for the key in its current window, this one included. */
  readonly count: number;
  /** Milliseconds until the key's window ends and its count starts again from zero. */
  readonly resetMs: number;
}

/**
 * Where counters live. A window starts at a key's first counted request and lasts `windowMs`; each
 * call adds one and answers the new count, in one atomic step, so that concurrent callers (in this
 * process or in others sharing the backend) never see the same count twice.
 */
export interface RateLimitStore {
  /**
   * Counts one request for `key` and returns the window's count so far. A backend in this process
   * may answer at once (no promise): nothing is then waited for.
   */
  hit(key: string, windowMs: number): RateLimitCount | Promise<RateLimitCount>;
  /** Releases what the backend holds (timers; never a pool it was given). */
  close?(): Promise<void>;
}
