import type { CorralResponse } from '../http/exchange.js';
import type { Logger } from '../http/logger.js';
import type { CompiledHooks } from './compile-hooks.js';
import type { PipelineContext } from './request-context.js';

/** Runs onResponse hooks without making the answer wait, and keeps what they still await. */
export interface ResponseObservers {
  /**
   * Shows every onResponse hook a frozen copy of the answer, in order. The answer does not wait
   * for what a hook awaits; a failure, thrown or rejected, is only logged.
   */
  observe(context: PipelineContext, response: CorralResponse, hooks: CompiledHooks): void;
  /** Resolves once no hook is still working on an answer already given (`api.close()` waits). */
  settled(): Promise<void>;
}

export function responseObservers(logger: Logger): ResponseObservers {
  const observing = new Set<Promise<void>>();
  const logFailure = (context: PipelineContext) => (hookFailure: unknown) =>
    logger.error({ requestId: context.requestId, err: hookFailure }, 'onResponse hook failed');
  return {
    observe(context, response, hooks) {
      const seen: CorralResponse = Object.freeze({ ...response, headers: Object.freeze({ ...response.headers }) });
      for (const hook of hooks.onResponse) {
        try {
          const pending = hook(context, seen);
          if (pending && typeof pending.then === 'function') {
            const tracked: Promise<void> = pending
              .then(undefined, logFailure(context))
              .finally(() => observing.delete(tracked));
            observing.add(tracked);
          }
        } catch (hookFailure) {
          logFailure(context)(hookFailure);
        }
      }
    },
    async settled() {
      while (observing.size > 0) await Promise.all(observing);
    },
  };
}
