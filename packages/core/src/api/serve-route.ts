import { ApiError } from '@corral/errors';
import type { Authenticator, Principal } from '../auth/principal.js';
import { requireAccess } from '../auth/require-scope.js';
import { accepts } from '../http/accept.js';
import type { CorralResponse } from '../http/exchange.js';
import { checkPathParameters } from '../http/input-limits.js';
import { checkQueryEncoding, rejectUnknownParameters } from '../http/query-params.js';
import { runAround, runUntilAnswer } from './compile-hooks.js';
import type { CompiledRoute } from './compiled-route.js';
import type { PipelineContext } from './request-context.js';

/**
 * From a matched route to the handler's answer: content negotiation, authentication, preHandler
 * hooks, access, then the handler (inside the aroundHandler hooks). Throws ApiErrors for the
 * pipeline to render. A stored job's request runs as `runAs`, the principal kept with the job,
 * instead of authenticating again.
 */
export async function serveRoute(
  context: PipelineContext,
  route: CompiledRoute,
  auth: Authenticator | undefined,
  runAs: Principal | undefined,
): Promise<CorralResponse> {
  const { definition, hooks } = route;
  checkPathParameters(context.params);
  checkQueryEncoding(context.request.rawQuery);
  const produces = definition.produces ?? 'application/json';
  const accept = context.request.header('accept');
  if (
    produces !== '*/*' &&
    !accepts(accept, produces) &&
    !(definition.alsoProduces !== undefined && accepts(accept, definition.alsoProduces))
  ) {
    throw new ApiError(
      'notAcceptable',
      `This resource is available as ${produces} only; the Accept header excludes it`,
    );
  }
  if (definition.access !== 'public')
    context.principal = context.fromJob ? runAs : auth ? await auth.authenticate(context.request) : undefined;
  if (hooks.preHandler.length > 0) {
    const running = runUntilAnswer(hooks.preHandler, context);
    const answer = running instanceof Promise ? await running : running;
    // An answer from a hook (a cache, a replay) is the route's answer: it needs the route's access too.
    if (answer) {
      requireAccess(auth, context.principal, definition.access);
      return answer;
    }
  }
  // The one place access is enforced: no handler checks scopes, so none can forget to.
  requireAccess(auth, context.principal, definition.access);
  // Routes that take no query parameters refuse any (a typo such as ?dry_run=true must not be ignored).
  if (!definition.checksQuery && context.request.rawQuery !== '') rejectUnknownParameters(context.request.query, []);
  if (hooks.aroundHandler.length === 0) return definition.handler(context);
  return runAround(hooks.aroundHandler, context, () => definition.handler(context));
}
