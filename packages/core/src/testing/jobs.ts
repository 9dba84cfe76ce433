import { vi } from 'vitest';
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

/** Waits until a job has finished either way (5 s at most), and resolves with its record. */
export function settledJob(jobs: JobStore, id: string): Promise<JobRecord> {
  return vi.waitFor(
    async () => {
      const found = await jobs.get(id);
      if (found?.status === 'succeeded' || found?.status === 'failed') return found;
      throw new Error(`job ${id} has not finished: ${found?.status ?? 'not found'}`);
    },
    { timeout: 5_000, interval: 20 },
  );
}
