import { describe, expect, it } from 'vitest';
import type { JobRequest } from './job-store.js';
import { memoryJobs } from './memory-jobs.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
const request = (n: number): JobRequest => ({
  method: 'PUT',
  path: '/v1/things',
  query: '',
  headers: {},
  body: String(n),
});
const job = (n: number) => ({ request: request(n), scope: 'w', subject: 'ann' });

describe('memoryJobs', () => {
  it('runs stored requests in order, once started, and records each answer', async () => {
    const jobs = memoryJobs();
    const order: string[] = [];
    const first = (await jobs.enqueue(job(1)))!;
    const second = (await jobs.enqueue(job(2)))!;
    expect(first).toMatchObject({ status: 'queued', scope: 'w', subject: 'ann' });
    await settle();
    expect((await jobs.get(first.id))?.status).toBe('queued'); // nothing runs before start()
    jobs.start(
      async (r) => (
        order.push(r.body!), r.body === '1' ? { status: 200, body: '{"n":1}' } : { status: 422, body: '{}' }
      ),
    );
    await settle();
    expect(order).toEqual(['1', '2']);
    expect(await jobs.get(first.id)).toMatchObject({
      status: 'succeeded',
      result: { status: 200, body: '{"n":1}' },
      finishedAt: expect.any(String),
    });
    expect(await jobs.get(second.id)).toMatchObject({ status: 'failed', result: { status: 422 } });
  });

  it('records a runner that throws as a failed job with a 500', async () => {
    const jobs = memoryJobs();
    jobs.start(async () => {
      throw new Error('boom');
    });
    const accepted = (await jobs.enqueue(job(1)))!;
    await settle();
    expect(await jobs.get(accepted.id)).toMatchObject({ status: 'failed', result: { status: 500 } });
  });

  it('refuses new work while too much is pending', async () => {
    const jobs = memoryJobs({ maxPending: 1 });
    expect(await jobs.enqueue(job(1))).toBeDefined();
    expect(await jobs.enqueue(job(2))).toBeUndefined();
  });

  it('forgets finished jobs after their time and beyond the count and size limits', async () => {
    let now = 0;
    const jobs = memoryJobs({ maxPending: 10, maxResultBytes: 30, keepMs: 1000, maxKept: 2 }, () => now);
    jobs.start(async (r) => ({ status: 200, body: r.body === 'big' ? `"${'x'.repeat(40)}"` : `{"n":${r.body}}` }));
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await jobs.enqueue(job(n)))!.id);
    await settle();
    expect(await Promise.all(ids.map(async (id) => (await jobs.get(id)) !== undefined))).toEqual([false, true, true]);
    now = 2000;
    expect(await jobs.get(ids[2]!)).toBeUndefined();
    const big = (await jobs.enqueue({ ...job(0), request: { ...request(0), body: 'big' } }))!;
    await settle();
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
