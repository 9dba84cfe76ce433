import type { Principal } from '../auth/principal.js';
import type { CorralRequest, CorralResponse } from '../http/exchange.js';
import type { JobRequest, JobResult } from './job-store.js';
import { storedRequest } from './stored-request.js';

/** The pipeline's entry for a stored request, run as the principal given instead of a token. */
export type RunAs = (
  request: CorralRequest,
  job: { readonly principal: Principal | undefined },
) => Promise<CorralResponse>;

/**
 * Runs a job's stored request through the pipeline as the principal stored with it (its token
 * may have expired since), and keeps what a job record holds of the answer.
 */
export async function replayJob(job: JobRequest, handle: RunAs): Promise<JobResult> {
  const principal = job.principal && { ...job.principal, scopes: new Set(job.principal.scopes) };
  const response = await handle(storedRequest(job), { principal });
  return { status: response.status, ...(typeof response.body === 'string' ? { body: response.body } : {}) };
}
