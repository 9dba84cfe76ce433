import { ApiError } from '@corral/errors';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Authenticator } from '../auth/principal.js';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { createApi } from '../index.js';
import type { JobRequest, JobRunner, JobStore } from './job-store.js';
import { settledJob } from '../testing/jobs.js';
import { memoryJobs } from './memory-jobs.js';

/** Accepts `Bearer <subject>+<scope>...` until `expired` is set, as if the token ran out. */
function tokens(state: { expired: boolean }): Authenticator {
  return {
    async authenticate(request) {
      const header = request.header('authorization');
      if (!header) return undefined;
      if (state.expired) throw new ApiError('authenticationRequired', 'The token has expired');
      const [subject = '', ...scopes] = header.replace(/^Bearer /, '').split('+');
      return { subject, scopes: new Set(scopes), claims: { sub: subject } };
    },
    challenge: () => ({ 'www-authenticate': 'Bearer realm="test"' }),
  };
}

/** A job store two API instances share, as a database one would be: it keeps what it is given, and runs it when told to. */
function sharedJobs(): JobStore & { stored: JobRequest[]; runners: JobRunner[]; runNext(): Promise<void> } {
  const inner = memoryJobs();
  const stored: JobRequest[] = [];
  const runners: JobRunner[] = [];
  return {
    stored,
    runners,
    enqueue: (job) => (stored.push(structuredClone(job.request)), inner.enqueue(job)),
    get: (id) => inner.get(id),
    start: (run) => void runners.push(run),
    // The last instance started does the work, like a worker that claims the job.
    runNext: async () => inner.start(runners.at(-1)!),
  };
}

describe('a job is a stored request that any instance can run', () => {
  it('is run by another instance as the caller who asked, after the token expired, and can be polled on either', async () => {
    const notes = defineCollection({
      name: 'notes',
      schema: z.object({ text: z.string().max(20) }),
      scopes: { read: 'notes:read', write: 'notes:write' },
      store: memoryStore({ initial: [{ text: 'a' }, { text: 'b' }] }),
    });
    const jobs = sharedJobs();
    const state = { expired: false };
    const first = createApi({ collections: [notes], auth: tokens(state), logger: silentLogger, jobs });
    const second = createApi({ collections: [notes], auth: tokens(state), logger: silentLogger, jobs });
    const accepted = await first.fetch(
      new Request('http://x/v1/notes', {
        method: 'PUT',
        headers: {
          authorization: 'Bearer ann+notes:write+notes:read',
          prefer: 'respond-async',
          'content-type': 'application/json',
        },
        body: JSON.stringify([
          { id: '1', text: 'A' },
          { id: '2', text: 'B' },
        ]),
      }),
    );
    expect(accepted.status).toBe(202);
    const { id } = await accepted.json();
    expect(jobs.stored).toEqual([
      {
        method: 'PUT',
        path: '/v1/notes',
        query: '',
        headers: { 'content-type': 'application/json' },
        body: '[{"id":"1","text":"A"},{"id":"2","text":"B"}]',
        principal: { subject: 'ann', scopes: ['notes:write', 'notes:read'], claims: { sub: 'ann' } },
      },
    ]);
    state.expired = true;
    await jobs.runNext();
    await settledJob(jobs, id); // run while the token is expired
    state.expired = false;
    for (const api of [first, second]) {
      const polled = await api.fetch(
        new Request(`http://x/v1/jobs/${id}`, { headers: { authorization: 'Bearer ann+notes:write' } }),
      );
      expect(await polled.json()).toMatchObject({ status: 'succeeded', result: { status: 200, body: { updated: 2 } } });
    }
    const page = await (
      await second.fetch(new Request('http://x/v1/notes', { headers: { authorization: 'Bearer ann+notes:read' } }))
    ).json();
    expect(page.notes.map((n: { text: string }) => n.text)).toEqual(['A', 'B']);
  });

  it('runs with the rights stored, not more: a job whose caller lacked a per-record right fails as the request would have', async () => {
    const notes = defineCollection({
      name: 'notes',
      schema: z.object({ text: z.string().max(20) }),
      authorize: ({ principal, action }) => action !== 'delete' || principal?.subject === 'admin',
      store: memoryStore({ initial: [{ text: 'a' }] }),
    });
    const api = createApi({ collections: [notes], auth: tokens({ expired: false }), logger: silentLogger });
    const accepted = await api.fetch(
      new Request('http://x/v1/notes', {
        method: 'DELETE',
        headers: { authorization: 'Bearer ann', prefer: 'respond-async' },
      }),
    );
    const { id } = await accepted.json();
    await vi.waitFor(async () => {
      const polled = await (
        await api.fetch(new Request(`http://x/v1/jobs/${id}`, { headers: { authorization: 'Bearer ann' } }))
      ).json();
      expect(polled).toMatchObject({ status: 'failed', result: { status: 403 } });
    });
  });
});
