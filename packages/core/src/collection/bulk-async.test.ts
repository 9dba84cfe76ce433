// Prefer: respond-async on the bulk writes: every check that can be made before the work answers at
// once and leaves no job; only a request that can succeed becomes one, and the job checks again.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi, type Api, type ApiOptions } from '../index.js';
import { silentLogger } from '../http/logger.js';
import type { JobRequest, JobRunner, JobStore } from '../jobs/job-store.js';
import { memoryJobs } from '../jobs/memory-jobs.js';
import { memoryStore } from '../store/memory-store.js';
import { testApi } from '../testing/fixtures.js';
import { settledJob } from '../testing/jobs.js';
import { defineCollection } from './define-collection.js';

/** Memory jobs that remember what was enqueued and run nothing until `start()` is called. */
function heldJobs() {
  const inner = memoryJobs();
  const accepted: JobRequest[] = [];
  let runner: JobRunner | undefined;
  const store: JobStore = {
    ...inner,
    enqueue: (job) => (accepted.push(job.request), inner.enqueue(job)),
    start: (run) => void (runner = run),
  };
  return { store, accepted, get: inner.get, start: () => inner.start(runner!) };
}

const async = { prefer: 'respond-async' };

function client(api: Api) {
  return async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
    const response = await api.fetch(
      new Request(`http://x${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
  };
}

/** The fixture API, with held jobs, and the ETag of the employees list as it was before one of them changed. */
async function withStaleTag(options: Partial<ApiOptions> = {}) {
  const jobs = heldJobs();
  const send = client(testApi({ ...options, jobs: jobs.store }));
  const stale = (await send('GET', '/v1/employees')).headers.get('etag')!;
  expect((await send('PATCH', '/v1/employees/3', {}, { maturity: 'junior' })).status).toBe(200);
  return { jobs, send, stale };
}

describe('Prefer: respond-async answers the checks at once', () => {
  it('refuses a bulk DELETE with a stale If-Match with 412 and creates no job', async () => {
    const { jobs, send, stale } = await withStaleTag();
    const refused = await send('DELETE', '/v1/employees', { ...async, 'if-match': stale });
    expect(refused.status).toBe(412);
    expect(refused.json).toEqual({ error: expect.stringMatching(/changed/) });
    expect(refused.headers.get('location')).toBeNull();
    expect(jobs.accepted).toEqual([]);
    expect((await send('GET', '/v1/employees')).json.total).toBe(3);
  });

  it('refuses a bulk PUT with a stale If-Match with 412 before looking at the body, with or without the preference', async () => {
    const { jobs, send, stale } = await withStaleTag();
    for (const prefer of [async, {}]) {
      const refused = await send('PUT', '/v1/employees', { ...prefer, 'if-match': stale }, [{ id: '1', name: '' }]);
      expect(refused.status).toBe(412);
    }
    expect(jobs.accepted).toEqual([]);
  });

  it('refuses 1,000 invalid records with 422 naming each field by its index, and creates no job', async () => {
    const notes = defineCollection({
      name: 'notes',
      schema: z.object({ text: z.string().min(1) }),
      store: memoryStore({ initial: Array.from({ length: 1000 }, (_, i) => ({ text: `note ${i}` })) }),
    });
    const jobs = heldJobs();
    const send = client(createApi({ collections: [notes], jobs: jobs.store, logger: silentLogger }));
    const body = Array.from({ length: 1000 }, (_, i) => ({ id: String(i + 1), text: i % 2 ? 7 : '' }));
    const refused = await send('PUT', '/v1/notes', async, body);
    expect(refused.status).toBe(422);
    const fields = (refused.json.errors as { field: string }[]).map((e) => e.field);
    expect(fields.slice(0, 3)).toEqual(['[0].text', '[1].text', '[2].text']);
    expect(fields.length).toBeGreaterThanOrEqual(100);
    expect(jobs.accepted).toEqual([]);
    expect((await send('GET', '/v1/notes/1')).json.text).toBe('note 0');
  });

  it('refuses unknown parents (422) and unknown records (404) at once', async () => {
    const jobs = heldJobs();
    const send = client(testApi({ jobs: jobs.store }));
    const orphan = await send('PUT', '/v1/animals', async, [{ id: '1', name: 'Lion', zooId: '99' }]);
    expect(orphan.status).toBe(422);
    expect(orphan.json.errors).toEqual([{ field: '[0].zooId', message: expect.stringMatching(/existing record/) }]);
    const unknown = await send('PUT', '/v1/animals', async, [{ id: '987', name: 'Nobody', zooId: '1' }]);
    expect(unknown.status).toBe(404);
    expect(jobs.accepted).toEqual([]);
  });

  it('still accepts requests that pass their checks: 202 with Location and Preference-Applied', async () => {
    const jobs = heldJobs();
    const send = client(testApi({ jobs: jobs.store }));
    const current = (await send('GET', '/v1/employees')).headers.get('etag')!;
    const put = await send('PUT', '/v1/employees', { ...async, 'if-match': current }, [
      { id: '1', name: 'Ada L.', yearOfBirth: 1980, state: 'internal', maturity: 'senior' },
    ]);
    const deleted = await send('DELETE', '/v1/zoos', async);
    for (const accepted of [put, deleted]) {
      expect(accepted.status).toBe(202);
      expect(accepted.headers.get('location')).toMatch(/^\/v1\/jobs\/[0-9a-f-]{36}$/);
      expect(accepted.headers.get('preference-applied')).toBe('respond-async');
    }
    expect(jobs.accepted.map((job) => job.method)).toEqual(['PUT', 'DELETE']);
    jobs.start();
    expect((await settledJob(jobs.store, put.json.id)).result?.status).toBe(200);
    expect((await settledJob(jobs.store, deleted.json.id)).result?.status).toBe(409);
  });

  it('fails the job with 412 when the list changed between acceptance and the run', async () => {
    const jobs = heldJobs();
    const send = client(testApi({ jobs: jobs.store }));
    const current = (await send('GET', '/v1/employees')).headers.get('etag')!;
    const accepted = await send('DELETE', '/v1/employees', { ...async, 'if-match': current });
    expect(accepted.status).toBe(202);
    expect((await send('PATCH', '/v1/employees/3', {}, { maturity: 'junior' })).status).toBe(200);
    jobs.start();
    const job = await settledJob(jobs.store, accepted.json.id);
    expect(job).toMatchObject({ status: 'failed', result: { status: 412 } });
    expect((await send('GET', '/v1/employees')).json.total).toBe(3);
  });
});
