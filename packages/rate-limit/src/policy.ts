import { CorralError } from '@corral/errors';
import { ApiError } from '@corral/errors';
import type { RateLimitCount, RateLimitStore } from './store.js';

/** A quota: how many requests one client may send per window. */
export interface RateLimitPolicy {
  /** Requests admitted per window (a positive integer). */
  readonly limit: number;
  /** Length of the window in whole seconds. */
  readonly windowSeconds: number;
  /**
   * Name sent in the RateLimit headers and used in the counters' keys, so that two policies never
   * share a counter. Default `default`.
   */
  readonly name?: string;
  /**
   * What a request gets when the counters cannot be reached (a database or Redis outage):
   * `admit` (default) lets it through uncounted, so that an outage of the counters' store stops
   * nothing that does not need it; `refuse` answers 503 with `Retry-After`, for routes that must
   * never run unlimited (a login, an expensive operation).
   */
  readonly whenStoreFails?: 'admit' | 'refuse';
}

/** A policy checked once, with its name filled in. */
export interface CheckedPolicy extends Required<RateLimitPolicy> {
  /** The `RateLimit-Policy` header value, made once. */
  readonly header: string;
}

/** Refuses a policy that cannot work, when the API is built rather than on the first request. */
export function checkPolicy(policy: RateLimitPolicy): CheckedPolicy {
  const name = policy.name ?? 'default';
  if (!Number.isSafeInteger(policy.limit) || policy.limit < 1)
    throw new CorralError(
      'CORRAL_INVALID_RATE_LIMIT',
      `rateLimit: limit must be a positive integer, got ${policy.limit}`,
    );
  if (!Number.isSafeInteger(policy.windowSeconds) || policy.windowSeconds < 1)
    throw new CorralError(
      'CORRAL_INVALID_RATE_LIMIT',
      `rateLimit: windowSeconds must be a positive integer, got ${policy.windowSeconds}`,
    );
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name))
    throw new CorralError(
      'CORRAL_INVALID_RATE_LIMIT',
      `rateLimit: a policy name takes letters, digits, '_', '.' and '-' only, got ${JSON.stringify(name)}`,
    );
  const whenStoreFails = policy.whenStoreFails ?? 'admit';
  if (whenStoreFails !== 'admit' && whenStoreFails !== 'refuse')
    throw new CorralError(
      'CORRAL_INVALID_RATE_LIMIT',
      `rateLimit: whenStoreFails is 'admit' or 'refuse', got ${JSON.stringify(whenStoreFails)}`,
    );
  return { ...policy, name, whenStoreFails, header: `"${name}";q=${policy.limit};w=${policy.windowSeconds}` };
}

/** The outcome of counting one request against a policy. */
export interface RateLimitDecision {
  /** The policy the request was counted against. */
  readonly policy: CheckedPolicy;
  /** True when the request is within the quota. */
  readonly admitted: boolean;
  /** Requests left in the window after this one. */
  readonly remaining: number;
  /** Whole seconds until the window ends (rounded up, at least 1 while refused). */
  readonly resetSeconds: number;
}

/** Turns a backend's count into a decision. */
export function decide(policy: CheckedPolicy, counted: RateLimitCount): RateLimitDecision {
  const admitted = counted.count <= policy.limit;
  const resetSeconds = Math.max(admitted ? 0 : 1, Math.ceil(counted.resetMs / 1000));
  return { policy, admitted, remaining: Math.max(0, policy.limit - counted.count), resetSeconds };
}

/** The IETF headers (draft-ietf-httpapi-ratelimit-headers): the quota and what is left of it. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'ratelimit-policy': decision.policy.header,
    ratelimit: `"${decision.policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
}

/** The 429 for a refused request, in the contract's error shape, carrying every header a client needs to wait. */
export function tooManyRequests(decision: RateLimitDecision): ApiError {
  return new ApiError(
    'tooManyRequests',
    `Rate limit of ${decision.policy.limit} requests per ${decision.policy.windowSeconds} s reached; retry in ${decision.resetSeconds} s`,
    {
      headers: { 'retry-after': String(decision.resetSeconds), ...rateLimitHeaders(decision) },
    },
  );
}

/** The 503 of a request refused because the counters could not be reached (`whenStoreFails: 'refuse'`). */
export function countersUnavailable(error: unknown): ApiError {
  return new ApiError(
    'serviceUnavailable',
    'The rate limit counters cannot be reached; send the request again after the Retry-After delay',
    { headers: { 'retry-after': '5' }, cause: error },
  );
}

/**
 * The decision for a request whose counting failed: none (let it through uncounted) when the
 * policy admits on a store failure, else the 503 is thrown.
 */
export function uncounted(policy: CheckedPolicy, error: unknown): undefined {
  if (policy.whenStoreFails === 'refuse') throw countersUnavailable(error);
  return undefined;
}

/** How long a count may take before the counters count as failed (a store that hangs rather than refusing). */
export const countTimeoutMs = 2_000;

/**
 * The store's count, or a rejection once it took longer than {@link countTimeoutMs}. A count the
 * store gave at once is returned as it is: no timer is set for it.
 */
export function countWithin(
  store: RateLimitStore,
  key: string,
  windowMs: number,
): RateLimitCount | Promise<RateLimitCount> {
  const counting = store.hit(key, windowMs);
  if (!(counting instanceof Promise)) return counting;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the rate limit store did not answer within ${countTimeoutMs} ms`)),
      countTimeoutMs,
    );
  });
  return Promise.race([counting, late]).finally(() => clearTimeout(timer));
}
