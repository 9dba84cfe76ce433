import type { ApiPlugin, CorralResponse, RequestContext, RequestHooks, RouteInfo } from '@corral/core';
import { addressKey, clientKey } from './client-key.js';
import { memoryRateLimits } from './memory.js';
import {
  checkPolicy,
  countWithin,
  decide,
  rateLimitHeaders,
  tooManyRequests,
  uncounted,
  type CheckedPolicy,
  type RateLimitDecision,
  type RateLimitPolicy,
} from './policy.js';
import { limitedRouteDocs } from './route-docs.js';
import type { RateLimitCount, RateLimitStore } from './store.js';

/** Options of {@link rateLimit}: the default policy, plus where counters live and how callers are told apart. */
export interface RateLimitOptions extends RateLimitPolicy {
  /**
   * Where the counters live. Default: this process's memory ({@link memoryRateLimits}); several
   * instances need a shared one.
   */
  readonly store?: RateLimitStore;
  /**
   * Another policy for some routes (e.g. a stricter one for writes: give it its own `name`), or
   * `false` to leave a route unlimited. Returning undefined keeps the default. Called once per route.
   */
  policyFor?(route: RouteInfo & { readonly version: number }): RateLimitPolicy | false | undefined;
  /**
   * The key of a caller without a verified token. Default: the connection's address. Behind a
   * proxy, read the client's address from a header that proxy sets (and that clients cannot forge).
   */
  keyFor?(context: RequestContext): string;
}

/**
 * Limits how many requests each caller may send per window (a fixed window per key). A request
 * with a token is counted against its client once the token is verified; one without (public
 * routes, missing tokens, unknown paths) against its address as it arrives; a refused token is
 * counted against the address when its 401 is sent. Jobs run later are not counted again. Past the
 * limit the answer is a 429 with `Retry-After`; every answer carries `RateLimit-Policy` and `RateLimit`.
 */
export function rateLimit(options: RateLimitOptions): ApiPlugin {
  const base = checkPolicy(options);
  const store = options.store ?? memoryRateLimits();
  const keyFor = options.keyFor ?? addressKey;
  // One decision per request, found again by the later hooks of the same request. It is kept on
  // the request's state under a symbol of this plugin's own (a WeakMap entry per request costs
  // far more, in the map and in every garbage collection). `null` marks a request let through
  // uncounted because the counters could not be reached: no headers, no second count.
  const slot = Symbol('rate-limit decision');
  const marks = (context: RequestContext) => context.state as Record<symbol, RateLimitDecision | null | undefined>;
  const failed = (context: RequestContext, policy: CheckedPolicy, error: unknown): undefined => {
    marks(context)[slot] = null;
    return uncounted(policy, error);
  };
  const decided = (context: RequestContext, policy: CheckedPolicy, counted: RateLimitCount): RateLimitDecision => {
    const decision = decide(policy, counted);
    marks(context)[slot] = decision;
    return decision;
  };
  // Synchronous when the store answers at once (memory): no promise is made for the common case.
  function count(
    context: RequestContext,
    policy: CheckedPolicy,
    key: string,
  ): RateLimitDecision | undefined | Promise<RateLimitDecision | undefined> {
    let counting: ReturnType<typeof countWithin>;
    try {
      counting = countWithin(store, `${policy.name}:${key}`, policy.windowSeconds * 1000);
    } catch (error) {
      return failed(context, policy, error);
    }
    if (counting instanceof Promise)
      return counting.then(
        (counted) => decided(context, policy, counted),
        (error: unknown) => failed(context, policy, error),
      );
    return decided(context, policy, counting);
  }
  const byAddress = (context: RequestContext) => `addr:${keyFor(context)}`;
  const refuseOver = (decision: RateLimitDecision | undefined): undefined => {
    if (decision && !decision.admitted) throw tooManyRequests(decision);
    return undefined;
  };
  const admit = (context: RequestContext, policy: CheckedPolicy, key: string): undefined | Promise<undefined> => {
    const decision = count(context, policy, key);
    return decision instanceof Promise ? decision.then(refuseOver) : refuseOver(decision);
  };
  const withHeaders = (response: CorralResponse, decision: RateLimitDecision | undefined): undefined => {
    if (decision) Object.assign(response.headers, rateLimitHeaders(decision));
    return undefined;
  };

  function hooksFor(policy: CheckedPolicy): RequestHooks {
    return {
      onRequest(context) {
        if (context.fromJob) return;
        // No token will be looked at: the address is all there is to count by.
        if (context.route?.access === 'public' || context.request.header('authorization') === undefined)
          return admit(context, policy, byAddress(context));
      },
      preHandler(context) {
        if (context.fromJob || marks(context)[slot] !== undefined) return;
        const client = clientKey(context);
        return admit(context, policy, client === undefined ? byAddress(context) : `client:${client}`);
      },
      onSend(context, response) {
        if (context.fromJob) return;
        const decision = marks(context)[slot];
        if (decision === null) return;
        if (decision) return withHeaders(response, decision);
        // Answered before preHandler (a bad token, a bad Accept, the version list, a redirect): counted
        // now, so that every answer of the API counts and carries the headers.
        const late = count(context, policy, byAddress(context));
        const finish = (counted: RateLimitDecision | undefined) => {
          refuseOver(counted);
          return withHeaders(response, counted);
        };
        return late instanceof Promise ? late.then(finish) : finish(late);
      },
    };
  }

  const policyOf = (route: RouteInfo & { readonly version: number }): CheckedPolicy | undefined => {
    const chosen = options.policyFor?.(route);
    return chosen === false ? undefined : chosen ? checkPolicy(chosen) : base;
  };
  const unmatched = hooksFor(base);
  return {
    name: 'rate-limit',
    hooks: {
      // API-wide hooks run for every request; these act only where no route matched (404, 405).
      onRequest: (context) => (context.route ? undefined : unmatched.onRequest!(context)),
      onSend: (context, response) => (context.route ? undefined : unmatched.onSend!(context, response)),
      onRoute(route) {
        const policy = policyOf(route);
        return policy ? hooksFor(policy) : undefined;
      },
      onClose: () => store.close?.(),
    },
    describeRoute: (route) => (policyOf(route) ? limitedRouteDocs : undefined),
  };
}
