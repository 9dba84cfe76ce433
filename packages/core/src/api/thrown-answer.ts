import { renderError, toApiError, type ErrorDocsUrl } from '@corral/errors';
import { jsonResponse, type CorralResponse } from '../http/exchange.js';
import type { Logger } from '../http/logger.js';
import type { CompiledHooks } from './compile-hooks.js';
import type { PipelineContext } from './request-context.js';

/**
 * Turns anything thrown while answering into the error answer: onError hooks see it first (a
 * failing hook is logged, never replaces the error), and a 5xx is logged with what caused it.
 */
export async function answerThrown(
  context: PipelineContext,
  thrown: unknown,
  hooks: CompiledHooks,
  logger: Logger,
  docsUrl: ErrorDocsUrl,
): Promise<CorralResponse> {
  const error = toApiError(thrown);
  for (const hook of hooks.onError) {
    try {
      await hook(context, error);
    } catch (hookFailure) {
      logger.error({ requestId: context.requestId, err: hookFailure }, 'onError hook failed');
    }
  }
  const rendered = renderError(error, docsUrl);
  if (rendered.status >= 500) {
    const { method, path } = context.request;
    logger.error({ requestId: context.requestId, err: error.cause ?? error, method, path }, 'request failed');
  }
  return jsonResponse(rendered.status, rendered.body, { ...rendered.headers });
}
