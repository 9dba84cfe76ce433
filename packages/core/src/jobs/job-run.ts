import type { JobRequest, JobResult, JobRunner, JobStatus } from './job-store.js';

/** Limits every job store starts from, so that a job behaves alike whichever store keeps it. */
export const jobDefaults = {
  /** Jobs waiting or running at once; past it, a request asking to run in the background gets a 503. */
  maxPending: 100,
  /** How long a finished job stays readable at `/jobs/{id}`, in ms (one hour). */
  keepMs: 60 * 60 * 1000,
} as const;

/** What a job records when its runner throws instead of answering (the pipeline's runner never should). */
export const unexpectedJobFailure: JobResult = {
  status: 500,
  body: JSON.stringify({ error: 'The job failed unexpectedly' }),
};

/** Where a finished job stands: an error answer (4xx or 5xx) makes it a failed job. */
export function finishedStatus(result: JobResult): Extract<JobStatus, 'succeeded' | 'failed'> {
  return result.status < 400 ? 'succeeded' : 'failed';
}

/** A hold on a job that runs out unless renewed, so another worker can take over a crashed run. */
export interface JobLease {
  /** How long one renewal holds the job, in ms; it is renewed every third of that. */
  readonly ms: number;
  /** Pushes the lease out by `ms`; a failed renewal is ignored (the next one may work). */
  renew(): unknown;
}

/**
 * Runs a job's request and resolves with its answer; it never rejects (a throw becomes
 * {@link unexpectedJobFailure}). With a lease, the lease is renewed while the request runs, so a
 * long job is not taken for a crashed one and run a second time.
 */
export async function runJobRequest(run: JobRunner, request: JobRequest, lease?: JobLease): Promise<JobResult> {
  const renewing =
    lease &&
    setInterval(
      () => {
        try {
          Promise.resolve(lease.renew()).catch(() => undefined);
        } catch {
          // As a rejected renewal: the lease still has time, and the next renewal may work.
        }
      },
      Math.max(10, Math.floor(lease.ms / 3)),
    );
  try {
    return await run(request);
  } catch {
    return unexpectedJobFailure;
  } finally {
    if (renewing) clearInterval(renewing);
  }
}
