import { ApiError } from '@corral/errors';
import { selfLink } from '@corral/links';
import { accessFor, requireAccess } from '../auth/require-scope.js';
import { jsonResponse } from '../http/exchange.js';
import type { RouteDefinition } from '../vocabulary/context.js';
import { jobPath, jobsSegment } from './job-path.js';

/** GET `/jobs/:id`: the state of accepted work, visible to callers allowed to do that work. */
export const jobRoute: RouteDefinition = {
  method: 'GET',
  pattern: `/${jobsSegment}/:id`,
  kind: 'job',
  // Any valid token reaches the handler (401 without one); the job's own scope is checked there.
  access: 'authenticated',
  // A job that does not exist, or is someone else's, is a 404.
  answers: {
    success: {
      200: {
        description: 'State and result of a job',
        body: 'jobState',
        headers: {
          'Retry-After': {
            description: 'While the job is queued or running: seconds to wait before asking again',
            schema: { type: 'integer', minimum: 0 },
          },
        },
      },
    },
    errors: [404],
  },
  async handler(context) {
    const job = await context.settings.jobs.get(context.params.id ?? '');
    const auth = context.settings.auth;
    // Someone else's job is reported as missing, before any scope check, so that a job id
    // reveals nothing, not even that it exists.
    if (!job || (auth && job.subject !== context.principal?.subject)) {
      throw new ApiError('resourceNotFound', `Job ${JSON.stringify(context.params.id ?? '')} does not exist`);
    }
    requireAccess(auth, context.principal, accessFor(job.scope));
    const done = job.status === 'succeeded' || job.status === 'failed';
    const body = {
      id: job.id,
      status: job.status,
      createdAt: job.createdAt,
      ...(job.finishedAt ? { finishedAt: job.finishedAt } : {}),
      ...(job.result
        ? {
            result: {
              status: job.result.status,
              ...(job.result.body ? { body: JSON.parse(job.result.body) as unknown } : {}),
            },
          }
        : {}),
      links: [selfLink(jobPath(context.prefix, job.id))],
    };
    return jsonResponse(200, body, done ? {} : { 'retry-after': '1' });
  },
};
