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
  /**
   * Around the route's handler, once access is granted: calls `handle` to run it, and may run it
   * inside something of its own (the idempotency plugin: a unit of work). `handle` may be called
   * again, when that unit lost a race and runs again.
   */
  aroundHandler?(context: HandlerContext, handle: () => Promise<CorralResponse>): Promise<CorralResponse>;
  /** On every answer, error answers included; may change the response or return another. */
  onSend?(context: RequestContext, response: CorralResponse): HookAnswer | Promise<HookAnswer>;
  /** Sees every failure as the ApiError the client will get (for a 500, `cause` holds what was thrown). */
  onError?(context: RequestContext, error: ApiError): void | Promise<void>;
  /**
   * Last, on a frozen copy of the answer exactly as it goes out (after every `onSend`, `X-Request-Id`
   * set): for spans, metrics and audit records. The answer does not wait for what the hook awaits
   * (`api.close()` does); a throw or a rejection is logged. For a streamed answer (a feed) it runs
   * when the stream ends, so that a span or a duration covers the whole stream.
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
