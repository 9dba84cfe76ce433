import { describe, expect, it } from 'vitest';
import { jobStoreCases } from '../testing/job-store-cases.js';
import { jobFor as job, jobRequest as request, settledJob } from '../testing/jobs.js';
import { memoryJobs } from './memory-jobs.js';

jobStoreCases('memoryJobs', async (options) => {
  const jobs = memoryJobs(options);
  return { jobs, close: async () => jobs.close?.() };
});

describe('memoryJobs', () => {
  it('forgets finished jobs after their time and beyond the count and size limits', async () => {
    let now = 0;
    const jobs = memoryJobs({ maxPending: 10, maxResultBytes: 30, keepMs: 1000, maxKept: 2 }, () => now);
    jobs.start(async (r) => ({ status: 200, body: r.body === 'big' ? `"${'x'.repeat(40)}"` : `{"n":${r.body}}` }));
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await jobs.enqueue(job(n)))!.id);
    await settledJob(jobs, ids[2]!);
    expect(await Promise.all(ids.map(async (id) => (await jobs.get(id)) !== undefined))).toEqual([false, true, true]);
    now = 2000;
    expect(await jobs.get(ids[2]!)).toBeUndefined();
    const big = (await jobs.enqueue({ ...job(0), request: { ...request(0), body: 'big' } }))!;
    await jobs.close?.(); // waits for every job accepted so far
    expect(await jobs.get(big.id)).toBeUndefined();
  });

  it('lets close() wait for the jobs accepted so far', async () => {
    const jobs = memoryJobs();
    let finished = 0;
    jobs.start(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished++;
      return { status: 200 };
    });
    await jobs.enqueue(job(1));
    await jobs.enqueue(job(2));
    await jobs.close?.();
    expect(finished).toBe(2);
  });
});
