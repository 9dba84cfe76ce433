import { ApiError } from '@corral/errors';
import type { HandlerContext } from '../vocabulary/context.js';
import { jsonResponse, type CorralResponse } from '../http/exchange.js';
import { jobPath } from './job-path.js';
import type { JobRequest } from './job-store.js';

/**
 * Stores this request as a job and answers 202 with its Location. Call it only once every check
 * the request can fail at once has passed: a request that cannot succeed gets its error, not a job.
 * The job store runs the request again later, without the preference, as the same principal;
 * `body` is what the request carried (already read by the handler).
 */
export async function acceptAsJob(
  context: HandlerContext,
  scope: string | undefined,
  body?: unknown,
): Promise<CorralResponse> {
  const job = await context.settings.jobs.enqueue({
    request: jobRequestOf(context, body),
    scope,
    subject: context.principal?.subject,
  });
  // Too much already waiting: running it here instead would put the overload on the request path.
  if (!job)
    throw new ApiError(
      'serviceUnavailable',
      'Too many jobs are waiting to run; nothing was changed. Send the request again later',
      { headers: { 'retry-after': '5' } },
    );
  const location = jobPath(context.prefix, job.id);
  return jsonResponse(
    202,
    { id: job.id, status: job.status, links: [{ rel: 'self', href: location }] },
    { location, 'preference-applied': 'respond-async' },
  );
}

/**
 * What a job needs to run this request again: method, path, the headers handlers read, the body,
 * the caller. `If-Match` is kept so that the job checks again the precondition it was accepted
 * under: a list changed in between makes the job fail with 412.
 */
function jobRequestOf(context: HandlerContext, body: unknown): JobRequest {
  const { request, principal } = context;
  const headers: Record<string, string> = {};
  for (const name of ['if-match', 'content-type']) {
    const value = request.header(name);
    if (value !== undefined) headers[name] = value;
  }
  return {
    method: request.method,
    path: request.path,
    query: request.rawQuery,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(principal
      ? {
          principal: {
            subject: principal.subject,
            ...(principal.clientId ? { clientId: principal.clientId } : {}),
            scopes: [...principal.scopes],
            claims: principal.claims,
          },
        }
      : {}),
  };
}
