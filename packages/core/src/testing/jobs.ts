import type { JobRecord, JobRequest, JobStore } from '../jobs/job-store.js';

/** A stored request for job-store tests; its body names it. */
export const jobRequest = (n: number): JobRequest => ({
  method: 'PUT',
  path: '/v1/things',
  query: '',
  headers: {},
  body: String(n),
});

/** What a handler hands `enqueue`: the request and who may see the job. */
export const jobFor = (n: number) => ({ request: jobRequest(n), scope: 'w', subject: 'ann' });

/** Polls a job until it has finished either way (a few seconds at most). */
export async function settledJob(jobs: JobStore, id: string): Promise<JobRecord> {
  for (let i = 0; i < 200; i++) {
    const found = await jobs.get(id);
    if (found?.status === 'succeeded' || found?.status === 'failed') return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not finish`);
}
