import { describe, expect, it } from 'vitest';
import { finishedStatus, runJobRequest, unexpectedJobFailure } from './job-run.js';
import type { JobRequest } from './job-store.js';

const request: JobRequest = { method: 'PUT', path: '/v1/things', query: '', headers: {}, body: '[]' };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runJobRequest', () => {
  it('resolves with the answer, and a throw becomes the unexpected-failure result', async () => {
    expect(await runJobRequest(async () => ({ status: 200, body: '{}' }), request)).toEqual({
      status: 200,
      body: '{}',
    });
    expect(
      await runJobRequest(async () => {
        throw new Error('boom');
      }, request),
    ).toBe(unexpectedJobFailure);
    expect(finishedStatus({ status: 204 })).toBe('succeeded');
    expect(finishedStatus({ status: 412 })).toBe('failed');
    expect(finishedStatus(unexpectedJobFailure)).toBe('failed');
  });

  it('renews the lease every third of it while the request runs, and stops after, even when renewals fail', async () => {
    let renewals = 0;
    const lease = {
      ms: 60,
      renew: () => {
        renewals++;
        if (renewals === 1) throw new Error('database away');
        return Promise.reject(new Error('still away'));
      },
    };
    await runJobRequest(async () => (await wait(130), { status: 200 }), request, lease);
    const whileRunning = renewals;
    expect(whileRunning).toBeGreaterThanOrEqual(3);
    await wait(60);
    expect(renewals).toBe(whileRunning);
  });
});
