import { ApiError, errorCodes } from '@corral/errors';
import { expect, it } from 'vitest';
import { z } from 'zod';
import type { Authenticator } from '../auth/principal.js';
import { defineCollection } from '../collection/define-collection.js';
import { inputLimits } from '../http/input-limits.js';
import { silentLogger } from '../http/logger.js';
import type { JobStore } from '../jobs/job-store.js';
import { memoryJobs } from '../jobs/memory-jobs.js';
import { defineOperation } from '../operation/define-operation.js';
import { memoryStore } from '../store/memory-store.js';
import { describeEachTransport } from '../testing/each-transport.js';
import type { SendOptions, Transport } from '../testing/transport.js';
import type { DocumentedRoute } from '../vocabulary/plugin.js';
import { createApi } from './create-api.js';
import { servedAnswers } from './served-answers.js';

// Every route kind is driven into the answers it declares (and the pipeline adds), and every answer
// it gives is one it declares: the declarations documents are made of are the truth.

/** The bearer value is the subject and its scopes: `ann+zoo:read`. */
const auth: Authenticator = {
  async authenticate(request) {
    const [subject = '', ...scopes] = (request.header('authorization') ?? '').replace(/^Bearer /, '').split('+');
    return subject ? { subject, scopes: new Set(scopes), claims: {} } : undefined;
  },
  challenge: () => ({ 'www-authenticate': 'Bearer realm="test"' }),
};
const scopes = { read: 'zoo:read', write: 'zoo:write' };
const admin = { authorization: 'Bearer admin+zoo:read+zoo:write+ops' };
const long = 'x'.repeat(inputLimits.conditionHeaderLength + 1);

/** A zoo (zoo 1 has an animal), a collection with If-Match required and a record rule, notes, an operation. */
function answersApi() {
  const zoos = defineCollection({
    name: 'zoos',
    schema: z.object({ name: z.string().min(1) }),
    scopes,
    store: memoryStore({ initial: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] }),
  });
  const animals = defineCollection({
    name: 'animals',
    schema: z.object({ name: z.string(), zooId: z.string() }),
    parent: { collection: zoos, field: 'zooId' },
    scopes,
    store: memoryStore({ initial: [{ name: 'Leo', zooId: '1' }] }),
  });
  const locked = defineCollection({
    name: 'locked',
    schema: z.object({ name: z.string() }),
    requireIfMatch: true,
    authorize: ({ record, next }) => record?.name !== 'secret' && next?.name !== 'secret',
    scopes,
    store: memoryStore({ initial: [{ name: 'open' }, { name: 'secret' }] }),
  });
  const notes = defineCollection({ name: 'notes', schema: z.object({ text: z.string() }), scopes });
  const echo = defineOperation({
    name: 'echo',
    method: 'POST',
    scope: 'ops',
    body: z.object({ text: z.string() }),
    result: z.object({ text: z.string() }),
    handler: ({ body }) => body,
  });
  // A job queue that can be made full, for the 503 of a respond-async write.
  const memory = memoryJobs();
  const queue = { full: false };
  const jobs: JobStore = {
    enqueue: async (job) => (queue.full ? undefined : memory.enqueue(job)),
    get: (id) => memory.get(id),
    start: (run) => memory.start(run),
    close: () => memory.close?.() ?? Promise.resolve(),
  };
  const table: DocumentedRoute[] = [];
  const seen: { route: string; status: number }[] = [];
  const api = createApi({
    collections: [zoos, animals, locked, notes],
    operations: [echo],
    auth,
    jobs,
    bodyLimit: 512,
    bulkLimit: 2,
    logger: silentLogger,
    plugins: [{ name: 'table', routes: (version) => (table.push(...version.routes), []) }],
    hooks: {
      // A failure and a backend that is away, on any route.
      preHandler(context) {
        const fail = context.request.header('x-fail');
        if (fail === 'crash') throw new Error('crash');
        if (fail === 'away') throw new ApiError('serviceUnavailable', 'The backend is away');
      },
      onSend(context, response) {
        if (context.route && !context.fromJob)
          seen.push({ route: `${context.route.method} ${context.route.pattern}`, status: response.status });
      },
    },
  });
  return { api, table, seen, queue };
}

type Send = (method: string, path: string, options?: SendOptions) => Promise<{ status: number; etag?: string }>;

/** What every route answers whatever it does: a bad query, Accept, access, a failure, a long path segment. */
async function driveEveryRoute(send: Send, table: readonly DocumentedRoute[]): Promise<void> {
  for (const route of table) {
    const path = `/v1${route.pattern.replace(/:[a-zA-Z]+/g, '1')}`.replace(/\/$/, '');
    await send(route.method, `${path}?bogus=1`, { headers: admin });
    await send(route.method, path, { headers: { ...admin, accept: 'text/html' } });
    for (const fail of ['crash', 'away']) await send(route.method, path, { headers: { ...admin, 'x-fail': fail } });
    if (route.access !== 'public') {
      await send(route.method, path, {});
      await send(route.method, path, { headers: { authorization: 'Bearer nobody' } });
    }
    if (route.pattern.includes('/:'))
      await send(route.method, `/v1${route.pattern.replace(/:[a-zA-Z]+/g, 'x'.repeat(300))}`, { headers: admin });
  }
}

/** Every way a body can be wrong: too large, of another type, invalid. */
async function badBodies(send: Send, method: string, path: string, invalid: unknown, headers = {}): Promise<void> {
  await send(method, path, { headers: { ...admin, ...headers }, body: { text: 'x'.repeat(600) } });
  await send(method, path, { headers: { ...admin, ...headers, 'content-type': 'text/plain' }, body: 'hello' });
  await send(method, path, { headers: { ...admin, ...headers }, body: invalid });
}

/** What each kind of collection route, the operation and the pages answer to what they are sent. */
async function driveEachKind(send: Send, queue: { full: boolean }): Promise<void> {
  const as = (headers: Record<string, string> = {}, body?: unknown): SendOptions => ({
    headers: { ...admin, ...headers },
    ...(body === undefined ? {} : { body }),
  });
  for (const path of ['/v1/zoos', '/v1/zoos/2']) {
    const { etag = '' } = await send('GET', path, as());
    await send('GET', path, as({ 'if-none-match': etag }));
    await send('GET', path, as({ 'if-none-match': long }));
  }
  await send('POST', '/v1/zoos', as({}, { name: 'D' }));
  await badBodies(send, 'POST', '/v1/zoos', { name: '' });
  for (const method of ['PUT', 'PATCH']) {
    await send(method, '/v1/zoos/2', as({}, { name: 'B2' }));
    await send(method, '/v1/zoos/2', as({ 'if-match': '"nope"' }, { name: 'B3' }));
    await send(method, '/v1/zoos/2', as({ 'if-match': long }, { name: 'B3' }));
    await send(method, '/v1/zoos/99', as({}, { name: 'B3' }));
    await badBodies(send, method, '/v1/zoos/2', { name: '' });
  }
  await send('DELETE', '/v1/zoos/3', as());
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    await send(method, '/v1/zoos/3', as({}, method === 'PUT' || method === 'PATCH' ? { name: 'E' } : undefined));
    await send(method, '/v1/zoos/99', as({}, method === 'PUT' || method === 'PATCH' ? { name: 'E' } : undefined));
  }
  for (const headers of [{}, { 'if-match': '"nope"' }, { 'if-match': long }] as Record<string, string>[]) {
    await send('DELETE', '/v1/zoos/1', as(headers)); // zoo 1 has an animal
    await send('DELETE', '/v1/zoos', as(headers));
  }
  await send('OPTIONS', '/v1/zoos', as());
  for (const body of [[{ id: '2', name: 'B4' }], [{ id: '99', name: 'X' }], [{ id: '3', name: 'X' }]])
    await send('PUT', '/v1/zoos', as({}, body));
  await send('PUT', '/v1/zoos', as({ 'if-match': '"nope"' }, [{ id: '2', name: 'B5' }]));
  await send('PUT', '/v1/zoos', as({ 'if-match': long }, [{ id: '2', name: 'B5' }]));
  await send('PUT', '/v1/zoos', as({}, [{ id: '1' }, { id: '2' }, { id: '4' }]));
  await badBodies(send, 'PUT', '/v1/zoos', [{ id: '2', name: '' }]);
  for (const full of [false, true]) {
    queue.full = full;
    await send('PUT', '/v1/zoos', as({ prefer: 'respond-async' }, [{ id: '2', name: 'B6' }]));
    await send('DELETE', '/v1/zoos', as({ prefer: 'respond-async' }));
  }
  queue.full = false;
  await send('DELETE', '/v1/notes', as());
  // Below a parent: a missing (99) or deleted (3) parent.
  for (const zoo of ['1', '3', '99']) {
    for (const method of ['GET', 'OPTIONS']) await send(method, `/v1/zoos/${zoo}/animals`, as());
    await send('POST', `/v1/zoos/${zoo}/animals`, as({}, { name: 'Mia' }));
  }
  await send('GET', '/v1/zoos/2/animals/1', as()); // the animal lives in zoo 1
  // If-Match required (428), and a record rule refusing the record named secret (403).
  for (const [method, path, body] of [
    ['PUT', '/v1/locked/2', { name: 'x' }],
    ['PATCH', '/v1/locked/2', { name: 'x' }],
    ['DELETE', '/v1/locked/2', undefined],
    ['PUT', '/v1/locked', [{ id: '2', name: 'x' }]],
    ['DELETE', '/v1/locked', undefined],
  ] as const) {
    await send(method, path, as({}, body));
    await send(method, path, as({ 'if-match': '*' }, body));
  }
  await send('GET', '/v1/locked/2', as());
  await send('POST', '/v1/locked', as({}, { name: 'secret' }));
  await send('POST', '/v1/echo', as({}, { text: 'hi' }));
  await badBodies(send, 'POST', '/v1/echo', {});
  await send('GET', '/v1', as());
  await send('GET', '/v1/errors', as());
  await send('GET', `/v1/errors/${errorCodes.resourceGone.code}`, as());
  await send('GET', '/v1/errors/9999999', as());
}

describeEachTransport('declared answers', (open) => {
  it('drives every route kind into each answer it declares, and gets no answer it does not declare', async () => {
    const { api, table, seen, queue } = answersApi();
    const transport: Transport = await open(api);
    const send: Send = async (method, path, options) => {
      const response = await transport.send(method, path, options);
      return { status: response.status, ...(response.headers.etag ? { etag: response.headers.etag } : {}) };
    };
    await driveEveryRoute(send, table);
    await driveEachKind(send, queue);
    const job = await transport.send('PUT', '/v1/notes', { headers: { ...admin, prefer: 'respond-async' }, body: [] });
    await send('GET', job.headers.location!, { headers: admin });
    // Its owner without the scope the job needs.
    await send('GET', job.headers.location!, { headers: { authorization: 'Bearer admin' } });

    const byName = new Map(table.map((route) => [`${route.method} ${route.pattern}`, route]));
    const declaredBy = (route: DocumentedRoute) => Object.keys(servedAnswers(route, true)).map(Number);
    const undeclared = seen.filter(({ route, status }) => !declaredBy(byName.get(route)!).includes(status));
    expect(undeclared).toEqual([]);
    const kinds = [...new Set(table.map((route) => route.kind))];
    for (const kind of kinds) {
      const routes = table.filter((route) => route.kind === kind);
      const declared = new Set(routes.flatMap(declaredBy));
      const names = new Set(routes.map((route) => `${route.method} ${route.pattern}`));
      const given = new Set(seen.filter(({ route }) => names.has(route)).map(({ status }) => status));
      expect(
        [...declared].filter((status) => !given.has(status)),
        kind,
      ).toEqual([]);
    }
    expect(kinds.sort()).toEqual(
      ['create', 'delete', 'deleteAll', 'errorCatalogue', 'errorCode', 'job', 'list', 'operation']
        .concat(['options', 'patch', 'read', 'replace', 'replaceAll', 'root'])
        .sort(),
    );
  });
});
