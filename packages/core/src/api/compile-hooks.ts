import type { CorralResponse } from '../http/exchange.js';
import type { RouteInfo } from '../vocabulary/context.js';
import type { ApiHooks, HookAnswer, RequestHooks } from '../vocabulary/hooks.js';

type Phase = keyof RequestHooks;

/** Hooks of one route, as arrays ready to run; an empty array costs one length check per request. */
export interface CompiledHooks {
  readonly onRequest: readonly NonNullable<RequestHooks['onRequest']>[];
  readonly preHandler: readonly NonNullable<RequestHooks['preHandler']>[];
  readonly aroundHandler: readonly NonNullable<RequestHooks['aroundHandler']>[];
  readonly onSend: readonly NonNullable<RequestHooks['onSend']>[];
  readonly onError: readonly NonNullable<RequestHooks['onError']>[];
  readonly onResponse: readonly NonNullable<RequestHooks['onResponse']>[];
}

const phases: readonly Phase[] = ['onRequest', 'preHandler', 'aroundHandler', 'onSend', 'onError', 'onResponse'];

/** Gathers the hooks of each phase, keeping each hook bound to its object. */
export function compileHooks(sets: readonly RequestHooks[]): CompiledHooks {
  const compiled: Record<Phase, unknown[]> = {
    onRequest: [],
    preHandler: [],
    aroundHandler: [],
    onSend: [],
    onError: [],
    onResponse: [],
  };
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

/** Runs `handle` inside every aroundHandler hook, the first one outermost. */
export function runAround<C>(
  hooks: readonly ((context: C, handle: () => Promise<CorralResponse>) => Promise<CorralResponse>)[],
  context: C,
  handle: () => Promise<CorralResponse>,
  from = 0,
): Promise<CorralResponse> {
  const hook = hooks[from];
  return hook ? hook(context, () => runAround(hooks, context, handle, from + 1)) : handle();
}
