import { type CorralResponse, isStreaming } from '../http/exchange.js';
import type { CompiledHooks } from './compile-hooks.js';
import type { PipelineContext } from './request-context.js';

/**
 * Runs every onSend hook, in order. One that throws turns the answer into that error (through
 * `failed`), and the hooks after it still run on the error answer: each must see the answer that
 * goes out (an idempotency key is settled, CORS headers are added).
 */
export async function runSendHooks(
  context: PipelineContext,
  response: CorralResponse,
  hooks: CompiledHooks,
  failed: (context: PipelineContext, thrown: unknown, hooks: CompiledHooks) => Promise<CorralResponse>,
): Promise<CorralResponse> {
  for (const hook of hooks.onSend) {
    try {
      const changed = hook(context, response);
      response = dropReplaced(response, (changed instanceof Promise ? await changed : changed) ?? response);
    } catch (thrown) {
      response = dropReplaced(response, await failed(context, thrown, hooks));
    }
  }
  return response;
}

/** The answer that goes out instead; a streamed body it replaces is dropped (it is never opened). */
function dropReplaced(before: CorralResponse, after: CorralResponse): CorralResponse {
  if (after.body !== before.body && isStreaming(before.body)) before.body.drop?.();
  return after;
}
