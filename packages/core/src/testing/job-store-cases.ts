import { describe, expect, it, vi } from 'vitest';
import type { JobRecord, JobRequest, JobResult, JobStore } from '../jobs/job-store.js';
import { jobFor, settledJob } from './jobs.js';

/** A fresh, empty job store; `close` closes the store and frees what it holds. */
export interface OpenedJobs {
  readonly jobs: JobStore;
  close(): Promise<void>;
}

/** Settings the suite needs a store opened with. */
export interface JobStoreCaseOptions {
  /** Jobs waiting or running at once (the store's own option of that name). */
  readonly maxPending?: number;
}

/** A request with every part a job must keep: query, headers, body and the caller. */
const fullRequest: JobRequest = {
  method: 'PATCH',
  path: '/api/v1/zoos/7',
  query: 'fields=name&dry_run=false',
  headers: { 'content-type': 'application/merge-patch+json', 'if-match': '"3"' },
  body: '{"name":"Zoo ü 🦒"}',
  principal: { subject: 'ann', clientId: 'app', scopes: ['zoo:write'], claims: { tenant: 't1' } },
};

/**
 * What every job store must do, whatever keeps its jobs. Each implementation's test calls this
 * with a function that opens a fresh, empty store; the store's own tests add what only it does
 * (restarts, several processes, crashed runs).
 */
export function jobStoreCases(name: string, open: (options: JobStoreCaseOptions) => Promise<OpenedJobs>): void {
  const withJobs =
    (test: (jobs: JobStore) => Promise<void>, options: JobStoreCaseOptions = {}) =>
    async () => {
      const opened = await open(options);
      try {
        await test(opened.jobs);
      } finally {
        await opened.close();
      }
    };

  describe(`${name}: the job store contract`, () => {
    it(
      'keeps an accepted job queued and readable until start(), under an id of its own',
      withJobs(async (jobs) => {
        const first = (await jobs.enqueue(jobFor(1)))!;
        const second = (await jobs.enqueue({ ...jobFor(2), scope: undefined, subject: undefined }))!;
        expect(first).toMatchObject({ status: 'queued', scope: 'w', subject: 'ann' });
        expect(first.id).toMatch(/^[\w-]{20,}$/);
        expect(second.id).not.toBe(first.id);
        expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
        expect(await jobs.get(first.id)).toEqual(first);
        expect(await jobs.get(second.id)).toMatchObject({ status: 'queued', scope: undefined, subject: undefined });
        await new Promise((resolve) => setTimeout(resolve, 30));
        expect((await jobs.get(first.id))?.status).toBe('queued');
      }),
    );

    it(
      'answers undefined for an id it never gave',
      withJobs(async (jobs) => {
        for (const id of [crypto.randomUUID(), 'not-a-job', '', "' OR 1=1 --", 'x'.repeat(300)])
          expect(await jobs.get(id), id).toBeUndefined();
      }),
    );

    it(
      'runs jobs in the order accepted once started, and records each answer',
      withJobs(async (jobs) => {
        const order: string[] = [];
        const answers: Record<string, JobResult> = {
          '1': { status: 200, body: '{"n":1}' },
          '2': { status: 422, body: '{"code":1005}' },
          '3': { status: 204 },
        };
        const ids = [];
        for (const n of [1, 2]) ids.push((await jobs.enqueue(jobFor(n)))!.id);
        jobs.start(async (request) => (order.push(request.body!), answers[request.body!]!));
        ids.push((await jobs.enqueue(jobFor(3)))!.id); // accepted after start: runs without another call
        const [first, second, third] = await Promise.all(ids.map((id) => settledJob(jobs, id)));
        expect(first).toMatchObject({ status: 'succeeded', scope: 'w', subject: 'ann', result: answers['1'] });
        expect(second).toMatchObject({ status: 'failed', result: answers['2'] });
        expect(third).toMatchObject({ status: 'succeeded', result: { status: 204 } });
        for (const job of [first, second, third] as JobRecord[])
          expect(Date.parse(job.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(job.createdAt));
        expect(order).toEqual(['1', '2', '3']);
      }),
    );

    it(
      'hands the runner the request exactly as accepted, caller included',
      withJobs(async (jobs) => {
        const seen: JobRequest[] = [];
        jobs.start(async (request) => (seen.push(request), { status: 200 }));
        const accepted = (await jobs.enqueue({ request: fullRequest, scope: 'zoo:write', subject: 'ann' }))!;
        await settledJob(jobs, accepted.id);
        expect(seen).toEqual([fullRequest]);
      }),
    );

    it(
      'records a runner that throws as a failed job with a 500, and goes on with the next',
      withJobs(async (jobs) => {
        jobs.start(async (request) => {
          if (request.body === '1') throw new Error('boom');
          return { status: 200 };
        });
        const failing = (await jobs.enqueue(jobFor(1)))!;
        const next = (await jobs.enqueue(jobFor(2)))!;
        expect(await settledJob(jobs, failing.id)).toMatchObject({ status: 'failed', result: { status: 500 } });
        expect(await settledJob(jobs, next.id)).toMatchObject({ status: 'succeeded' });
      }),
    );

    it(
      'refuses new work while too much is pending, and takes it again once jobs finish',
      withJobs(
        async (jobs) => {
          const first = (await jobs.enqueue(jobFor(1)))!;
          expect(await jobs.enqueue(jobFor(2))).toBeUndefined();
          jobs.start(async () => ({ status: 200 }));
          await settledJob(jobs, first.id);
          await vi.waitFor(async () => expect(await jobs.enqueue(jobFor(3))).toBeDefined());
        },
        { maxPending: 1 },
      ),
    );

    it('lets close() wait for a job that is running', async () => {
      const opened = await open({});
      let finished = false;
      let release: () => void = () => undefined;
      opened.jobs.start(async () => {
        await new Promise<void>((resolve) => (release = resolve));
        finished = true;
        return { status: 200 };
      });
      const accepted = (await opened.jobs.enqueue(jobFor(1)))!;
      await vi.waitFor(async () => expect((await opened.jobs.get(accepted.id))?.status).toBe('running'));
      const closing = opened.close();
      setTimeout(() => release(), 30);
      await closing;
      expect(finished).toBe(true);
    });
  });
}
