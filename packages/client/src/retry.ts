/** How the client retries requests the server could not take or that got no answer. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 switches retrying off. */
  readonly retries?: number;
  /** First backoff delay, doubled at each retry, with jitter (default 200 ms). */
  readonly baseDelayMs?: number;
  /**
   * Longest wait between two attempts (default 30 s); a `Retry-After` beyond it is not waited for:
   * the error is thrown.
   */
  readonly maxDelayMs?: number;
}

/** The retry settings with every default filled in. */
export type RetryPolicy = Required<RetryOptions>;

/** Fills in the defaults of {@link RetryOptions}. */
export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  return {
    retries: options.retries ?? 3,
    baseDelayMs: options.baseDelayMs ?? 200,
    maxDelayMs: options.maxDelayMs ?? 30_000,
  };
}

/** Corral's `idempotencyRequestInFlight`: the first request with this key has not finished. */
const requestInFlight = 1027;

/**
 * Whether an answer asks for the request to be sent again. A 429, and a 503 with `Retry-After`, say
 * the request was not taken: any method goes again. A 503 without `Retry-After` may be a write
 * whose outcome the server cannot tell (Corral's `writeOutcomeUnknown`, 1034): like a lost answer,
 * only a request that is safe to repeat goes again. A 409 goes again only when it says another
 * attempt with the same key is still running (1027) and this request carries that key: its answer,
 * or a free key, comes once that attempt ends or its lease runs out.
 */
export function asksForRetry(
  status: number,
  retryAfter: string | undefined,
  request: { readonly safeToRepeat: boolean; readonly keyed: boolean; readonly errorCode: number | undefined },
): boolean {
  if (status === 409) return request.keyed && request.errorCode === requestInFlight;
  return status === 429 || (status === 503 && (retryAfter !== undefined || request.safeToRepeat));
}

const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Whether the request carries an `Idempotency-Key` header (any case). */
export function carriesKey(headers: Readonly<Record<string, string>>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
}

/**
 * Whether a request that may have reached the server can be sent again: idempotent methods, and a
 * POST carrying an `Idempotency-Key` (the server then answers a repeat with the first answer).
 */
export function isIdempotent(method: string, headers: Readonly<Record<string, string>>): boolean {
  return idempotentMethods.has(method) || (method === 'POST' && carriesKey(headers));
}

/**
 * Seconds (or an HTTP date) of a `Retry-After` header as milliseconds from now; undefined when
 * absent or unreadable.
 */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before retry number `attempt` (1 for the first): the server's `Retry-After` when it gave
 * one, else exponential backoff with jitter. Undefined means give up (too long, or no retries left).
 */
export function retryDelay(attempt: number, policy: RetryPolicy, retryAfter: number | undefined): number | undefined {
  if (attempt > policy.retries) return undefined;
  if (retryAfter !== undefined) return retryAfter <= policy.maxDelayMs ? retryAfter : undefined;
  const backoff = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, backoff / 2 + Math.random() * (backoff / 2));
}
