import type { ApiError } from '@corral/errors';
import type { CorralResponse } from '../http/exchange.js';
import type { HandlerContext, RequestContext, RouteInfo } from './context.js';

/**
 * A hook may answer the request itself by returning a response; nothing else runs after it but
 * `onSend` and `onResponse`.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a hook that answers nothing may be written without a return
export type HookAnswer = CorralResponse | undefined | void;

/** Hooks around one request, in the order they run. */
export interface RequestHooks {
  /**
   * First, before the caller is authenticated and before a 404 or 405 is decided (`route` is then
   * undefined). For work every request needs: CORS preflights, rate limits by address, tracing.
   */
  onRequest?(context: RequestContext): HookAnswer | Promise<HookAnswer>;
  /**
   * Once the caller is known (`principal`), before the route's scope is checked and the handler
   * runs. For per-client limits, tenancy, request state taken from the token.
   */
  preHandler?(context: HandlerContext): HookAnswer | Promise<HookAnswer>;
  /** On every answer, error answers included; may change the response or return another. */
  onSend?(context: RequestContext, response: CorralResponse): HookAnswer | Promise<HookAnswer>;
  /** Sees every failure as the ApiError the client will get (for a 500, `cause` holds what was thrown). */
  onError?(context: RequestContext, error: ApiError): void | Promise<void>;
  /**
   * Last, on a frozen copy of the answer exactly as it goes out (after every `onSend`, `X-Request-Id`
   * set): for spans, metrics and audit records. The answer does not wait for what the hook awaits
   * (`api.close()` does); a throw or a rejection is logged.
   */
  onResponse?(context: RequestContext, response: CorralResponse): void | Promise<void>;
}

/** Hooks of an API: request hooks for every route, plus its life cycle. */
export interface ApiHooks extends RequestHooks {
  /**
   * Called once for each route as the API is built. Returned hooks run for that route only,
   * after the API-wide ones, so a hook can be configured per route (a stricter limit on writes).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: as HookAnswer
  onRoute?(route: RouteInfo & { readonly version: number }): RequestHooks | undefined | void;
  /** After the stores are open and the data checked (`api.ready()`); a throw makes `ready()` reject. */
  onReady?(): void | Promise<void>;
  /** From `api.close()`, before the stores close. */
  onClose?(): void | Promise<void>;
}

type Phase = keyof RequestHooks;

/** Hooks of one route, as arrays ready to run; an empty array costs one length check per request. */
export interface CompiledHooks {
  readonly onRequest: readonly NonNullable<RequestHooks['onRequest']>[];
  readonly preHandler: readonly NonNullable<RequestHooks['preHandler']>[];
  readonly onSend: readonly NonNullable<RequestHooks['onSend']>[];
  readonly onError: readonly NonNullable<RequestHooks['onError']>[];
  readonly onResponse: readonly NonNullable<RequestHooks['onResponse']>[];
}

const phases: readonly Phase[] = ['onRequest', 'preHandler', 'onSend', 'onError', 'onResponse'];

/** Gathers the hooks of each phase, keeping each hook bound to its object. */
export function compileHooks(sets: readonly RequestHooks[]): CompiledHooks {
  const compiled: Record<Phase, unknown[]> = { onRequest: [], preHandler: [], onSend: [], onError: [], onResponse: [] };
  for (const set of sets) {
    for (const phase of phases) {
      const hook = set[phase] as ((...args: unknown[]) => unknown) | undefined;
      if (hook) compiled[phase].push(hook.bind(set));
    }
  }
  return compiled as unknown as CompiledHooks;
}

/** The hooks of one route: the API-wide ones, then what each `onRoute` returned for it. */
export function hooksForRoute(
  all: readonly ApiHooks[],
  route: RouteInfo & { readonly version: number },
): CompiledHooks {
  const perRoute = all.flatMap((hooks) =>
    hooks.onRoute ? [hooks.onRoute(route)].filter((h): h is RequestHooks => !!h) : [],
  );
  return compileHooks([...all, ...perRoute]);
}

/**
 * Runs answer-capable hooks in order; the first answer wins. Hooks that answer at once are run
 * without a promise between them (most return nothing, synchronously, on most requests); the
 * result is a promise only once a hook returned one. A hook that throws at once throws here.
 */
export function runUntilAnswer<C>(
  hooks: readonly ((context: C) => HookAnswer | Promise<HookAnswer>)[],
  context: C,
  from = 0,
): CorralResponse | undefined | Promise<CorralResponse | undefined> {
  for (let index = from; index < hooks.length; index++) {
    const answer = hooks[index]!(context);
    if (answer instanceof Promise) return answer.then((found) => found || runUntilAnswer(hooks, context, index + 1));
    if (answer) return answer;
  }
  return undefined;
}
