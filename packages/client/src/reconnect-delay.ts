/**
 * The wait before a feed reconnects after `failures` failures in a row (1 after a stream that
 * worked and ended): the server's `retry:` hint (or the client's first delay), doubled after each
 * further failure up to `maxDelayMs` (or the hint, when the server asked for longer), plus up to
 * half of it again as jitter, so that the subscribers of a restarted server do not all come back
 * at the same moment. Never shorter than the hint.
 */
export function reconnectDelay(failures: number, retryMs: number, maxDelayMs: number, random = Math.random): number {
  const base = Math.min(Math.max(maxDelayMs, retryMs), retryMs * 2 ** (failures - 1));
  return base + random() * (base / 2);
}
