import { CorralClientError } from './errors.js';
import { errorDetails } from './error-body.js';
import { retryAfterMs } from './retry.js';
import { addFollow } from './record-follow.js';
import type { Resources } from './resources.js';
import { pause } from './waits.js';

/** The state of a job as `GET /jobs/<id>` answers it. */
export interface JobStatus {
  /** The job's id. */
  readonly id: string;
  /** `queued`, `running`, `succeeded` or `failed`. */
  readonly status: 'queued' | 'running' | 'succeeded' | 'failed';
  /** Once finished: what the request would have answered without `Prefer: respond-async`. */
  readonly result?: {
    /** The status the request would have answered. */
    readonly status: number;
    /** Its body, when it had one. */
    readonly body?: unknown;
  };
}

/** A write the server runs in the background (`202` + `Location`), or one it answered at once. */
export interface Job<T> {
  /** The job resource's URL; undefined when the server answered directly instead of queueing. */
  readonly url: string | undefined;
  /** The job's state now (one request). */
  status(signal?: AbortSignal): Promise<JobStatus | undefined>;
  /** Polls until the job finishes (waiting what `Retry-After` says), then gives its result or throws it as an error. */
  result(signal?: AbortSignal): Promise<T>;
}

/** Wraps a 202's job URL (or a direct answer) as a {@link Job}; `pollMs` is the wait when `Retry-After` is missing. */
export function jobOf<T>(resources: Resources, url: string | undefined, direct: unknown, pollMs: number): Job<T> {
  async function poll(signal?: AbortSignal): Promise<{ job: JobStatus; waitMs: number }> {
    const answer = await resources.send({ method: 'GET', url: url as string, signal });
    if (answer.status >= 400)
      throw new CorralClientError(
        errorDetails(answer.status, answer.body, answer.headers['x-request-id'], `GET ${url}`),
      );
    return { job: answer.body as JobStatus, waitMs: retryAfterMs(answer.headers['retry-after']) ?? pollMs };
  }
  return {
    url,
    status: async (signal) => (url === undefined ? undefined : (await poll(signal)).job),
    async result(signal) {
      if (url === undefined) return direct as T; // records in it got `follow` when the answer came
      for (;;) {
        const { job, waitMs } = await poll(signal);
        if (job.status === 'succeeded') {
          addFollow(resources, job.result?.body, url);
          return job.result?.body as T;
        }
        if (job.status === 'failed') {
          const status = job.result?.status ?? 500;
          throw new CorralClientError(errorDetails(status, job.result?.body, undefined, `job ${url}`));
        }
        await pause(waitMs, signal, `GET ${url}`);
      }
    },
  };
}
