import { ApiError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Authenticator } from '../auth/principal.js';
import { defineCollection } from '../collection/define-collection.js';
import { jsonResponse } from '../http/exchange.js';
import { silentLogger } from '../http/logger.js';
import { defineOperation } from '../operation/define-operation.js';
import { memoryStore } from '../store/memory-store.js';
import type { StoreCallOptions } from '../store/store.js';
import { describeEachTransport } from '../testing/each-transport.js';
import type { RouteInfo } from '../vocabulary/context.js';
import { createApi, type ApiOptions } from './create-api.js';
import type { ApiHooks } from '../vocabulary/hooks.js';

// What a test application adds to every request: typed by declaration merging, with no change to Corral.
declare module '../vocabulary/context.js' {
  interface RequestState {
    tenant?: string;
  }
}

/** The bearer value names the subject, its tenant and its scopes: `ann@acme+notes:read`. */
const auth: Authenticator = {
  async authenticate(request) {
    const header = request.header('authorization');
    if (!header) return undefined;
    const [who = '', ...scopes] = header.replace(/^Bearer /, '').split('+');
    const [subject = '', tenant] = who.split('@');
    if (subject === 'bad') throw new ApiError('authenticationRequired', 'bad token');
    return { subject, scopes: new Set(scopes), claims: tenant ? { tenant } : {} };
  },
  challenge: () => ({ 'www-authenticate': 'Bearer realm="test"' }),
};

/** Remembers what the store was told on each call. */
function recordingStore() {
  const seen: StoreCallOptions[] = [];
  const store = memoryStore<{ text: string; tenant: string }>({
    initial: [
      { text: 'a', tenant: 'acme' },
      { text: 'b', tenant: 'other' },
    ],
  });
  const list = store.list.bind(store);
  store.list = (query, options) => {
    if (options) seen.push(options);
    return list(query, options);
  };
  return { store, seen };
}

function notesApi(hooks: ApiHooks | ApiHooks[], extra: Partial<ApiOptions> = {}) {
  const { store, seen } = recordingStore();
  const checks: unknown[] = [];
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ text: z.string(), tenant: z.string() }),
    scopes: { read: 'notes:read', write: 'notes:write' },
    listFilter: (_principal, context) => (context.state.tenant ? { tenant: context.state.tenant } : undefined),
    authorize: ({ record, state }) => {
      checks.push(state.tenant);
      return !record || record.tenant === state.tenant;
    },
    store,
  });
  const whoami = defineOperation({
    name: 'whoami',
    query: z.object({}),
    handler: ({ state, requestId }) => ({ tenant: state.tenant ?? null, requestId }),
  });
  const api = createApi({ collections: [notes], operations: [whoami], auth, logger: silentLogger, hooks, ...extra });
  return { api, seen, checks };
}

/** Takes the tenant from the token once the caller is known. */
const tenancy: ApiHooks = {
  preHandler(context) {
    const tenant = context.principal?.claims.tenant;
    if (typeof tenant === 'string') context.state.tenant = tenant;
  },
};

const token = (value: string) => ({ authorization: `Bearer ${value}` });
describeEachTransport('hooks', (open) => {
  it('carries state from a hook to list filters, record rules, operations and stores', async () => {
    const { api, seen, checks } = notesApi(tenancy);
    const transport = await open(api);
    const list = await transport.send('GET', '/v1/notes', { headers: token('ann@acme+notes:read') });
    expect(list.status).toBe(200);
    expect(list.json.notes.map((n: { text: string }) => n.text)).toEqual(['a']);
    expect(seen.at(-1)?.state).toEqual({ tenant: 'acme' });
    expect((await transport.send('GET', '/v1/notes/2', { headers: token('ann@acme+notes:read') })).status).toBe(403);
    expect(checks).toEqual(['acme']);
    const whoami = await transport.send('GET', '/v1/whoami', {
      headers: { ...token('ann@other'), 'x-request-id': 'req-42' },
    });
    expect(whoami.json).toEqual({ tenant: 'other', requestId: 'req-42' });
  });

  it('lets onRequest answer before authentication and routing, and onSend change every answer', async () => {
    const order: string[] = [];
    const { api } = notesApi({
      onRequest(context) {
        order.push(`request ${context.route?.kind ?? 'none'}`);
        if (context.request.header('x-short-circuit')) return jsonResponse(299, { early: true });
      },
      preHandler: (context) => void order.push(`preHandler ${context.principal?.subject ?? '-'}`),
      onSend(context, response) {
        order.push(`send ${response.status}`);
        response.headers['x-hooked'] = context.requestId;
      },
    });
    const transport = await open(api);
    const early = await transport.send('GET', '/v1/nowhere', {
      headers: { 'x-short-circuit': '1', 'x-request-id': 'r1' },
    });
    expect(early.status).toBe(299);
    expect(early.json).toEqual({ early: true });
    expect(early.headers['x-hooked']).toBe('r1');
    const normal = await transport.send('GET', '/v1/notes', { headers: token('ann+notes:read') });
    expect(normal.status).toBe(200);
    expect(normal.headers['x-hooked']).toBe(normal.headers['x-request-id']);
    expect(order).toEqual(['request none', 'send 299', 'request list', 'preHandler ann', 'send 200']);
  });

  it('shows onError every failure, runs onSend on error answers, and keeps the error shape when a hook throws', async () => {
    const errors: string[] = [];
    const { api } = notesApi({
      onError: (_context, error) => void errors.push(`${error.status} ${error.codeName}`),
      onSend: (_context, response) =>
        response.status === 404 ? { ...response, headers: { ...response.headers, 'x-missing': 'yes' } } : undefined,
      preHandler(context) {
        if (context.request.header('x-explode')) throw new Error('hook bug');
      },
    });
    const transport = await open(api);
    const missing = await transport.send('GET', '/v1/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-missing']).toBe('yes');
    expect((await transport.send('GET', '/v1/notes')).status).toBe(401);
    const broken = await transport.send('GET', '/v1/notes', {
      headers: { ...token('ann+notes:read'), 'x-explode': '1' },
    });
    expect(broken.status).toBe(500);
    expect(broken.json).toEqual({ error: 'Internal server error' });
    expect(errors).toEqual(['404 routeNotFound', '401 authenticationRequired', '500 internalError']);
  });
});

describe('route-level hooks and the life cycle', () => {
  it('compiles onRoute hooks for the routes they choose, once, at creation', async () => {
    const seen: string[] = [];
    const { api } = notesApi({
      onRoute(route) {
        seen.push(`${route.method} ${route.pattern}`);
        if (route.kind === 'create') return { onRequest: () => jsonResponse(503, { closed: 'for writes' }) };
      },
    });
    expect(seen).toContain('POST /notes');
    expect(seen).toContain('GET /whoami');
    const count = seen.length;
    const refused = await api.fetch(
      new Request('http://x/v1/notes', { method: 'POST', body: '{}', headers: token('a+notes:write') }),
    );
    expect(refused.status).toBe(503);
    const read = await api.fetch(new Request('http://x/v1/notes', { headers: token('a+notes:read') }));
    expect(read.status).toBe(200);
    expect(seen.length).toBe(count);
  });

  it('runs onReady in ready() and onClose in close(), after the application hooks the plugins hooks', async () => {
    const events: string[] = [];
    const { api } = notesApi(
      { onReady: () => void events.push('app ready'), onClose: () => void events.push('app close') },
      {
        plugins: [
          {
            name: 'probe',
            hooks: { onReady: () => void events.push('plugin ready'), onClose: () => void events.push('plugin close') },
          },
        ],
      },
    );
    await api.ready();
    await api.close();
    expect(events).toEqual(['app ready', 'plugin ready', 'app close', 'plugin close']);
  });
});

describe('access is the pipeline’s', () => {
  it('refuses every guarded route of the table, before its handler, to a token without the route’s scope', async () => {
    let table: readonly RouteInfo[] = [];
    const { api, seen } = notesApi([], {
      plugins: [{ name: 'table', routes: (version) => ((table = version.routes), []) }],
    });
    const before = await api
      .fetch(new Request('http://x/v1/notes', { headers: token('a+notes:read') }))
      .then((r) => r.headers.get('etag'));
    const guarded = table.filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const path = `/v1${route.pattern.replace(':id', '1')}`;
      const anonymous = await api.fetch(new Request(`http://x${path}`, { method: route.method }));
      expect(anonymous.status, `${route.method} ${route.pattern}`).toBe(401);
      if (route.access === 'authenticated') continue;
      const withoutScope = await api.fetch(
        new Request(`http://x${path}`, { method: route.method, headers: token('a+other:scope') }),
      );
      expect(withoutScope.status, `${route.method} ${route.pattern}`).toBe(403);
    }
    expect(seen.length).toBe(1); // only the list read above reached the store
    const after = await api
      .fetch(new Request('http://x/v1/notes', { headers: token('a+notes:read') }))
      .then((r) => r.headers.get('etag'));
    expect(after).toBe(before);
  });

  it('gives every route of the table an access rule', () => {
    let table: readonly RouteInfo[] = [];
    notesApi([], { plugins: [{ name: 'table', routes: (version) => ((table = version.routes), []) }] });
    expect(
      table.map((r) => `${r.method} ${r.pattern} ${typeof r.access === 'string' ? r.access : r.access.scope}`),
    ).toEqual([
      'GET / public',
      'GET /errors public',
      'GET /errors/:code public',
      'GET /jobs/:id authenticated',
      'GET /notes notes:read',
      'POST /notes notes:write',
      'PUT /notes notes:write',
      'DELETE /notes notes:write',
      'OPTIONS /notes notes:read',
      'GET /notes/:id notes:read',
      'PUT /notes/:id notes:write',
      'PATCH /notes/:id notes:write',
      'DELETE /notes/:id notes:write',
      'OPTIONS /notes/:id notes:read',
      'GET /whoami authenticated',
    ]);
  });
});

describe('route documentation from plugins', () => {
  it('hands documentation plugins what other plugins say about each route', () => {
    let table: readonly import('../vocabulary/plugin.js').DocumentedRoute[] = [];
    notesApi([], {
      plugins: [
        {
          name: 'limits',
          describeRoute: (route) =>
            route.method === 'POST' ? { responses: { '429': { description: 'Too many requests' } } } : undefined,
        },
        { name: 'table', routes: (version) => ((table = version.routes), []) },
      ],
    });
    expect(table.find((r) => r.method === 'POST')?.docs).toEqual([
      { responses: { '429': { description: 'Too many requests' } } },
    ]);
    expect(table.find((r) => r.method === 'GET' && r.pattern === '/notes')?.docs).toEqual([]);
  });
});

describe('hooks at the edges', () => {
  it('runs onRequest for paths no version serves, before their 404', async () => {
    const seen: string[] = [];
    const { api } = notesApi({
      onRequest: (context) => void seen.push(`request ${context.request.path}`),
      onSend: (_c, r) => void seen.push(`send ${r.status}`),
    });
    for (const path of ['/notes', '/v9/notes'])
      expect((await api.fetch(new Request(`http://x${path}`))).status).toBe(404);
    expect(seen).toEqual(['request /notes', 'send 404', 'request /v9/notes', 'send 404']);
  });

  it('runs the onSend hooks after one that throws, on the error answer', async () => {
    const seen: number[] = [];
    const { api } = notesApi([
      {
        onSend: () => {
          throw new ApiError('tooManyRequests', 'slow down');
        },
      },
      { onSend: (_c, response) => void seen.push(response.status) },
    ]);
    const response = await api.fetch(new Request('http://x/v1/notes', { headers: token('a+notes:read') }));
    expect(response.status).toBe(429);
    expect(seen).toEqual([429]);
  });

  it('runs aroundHandler hooks around the handler once access is granted, the first outermost', async () => {
    const seen: string[] = [];
    const around = (name: string): ApiHooks => ({
      async aroundHandler(_context, handle) {
        seen.push(`${name} in`);
        // Run twice, as a unit of work that lost a race runs its work again; the last answer counts.
        if (name === 'inner') await handle();
        const answer = await handle();
        seen.push(`${name} out ${answer.status}`);
        return answer;
      },
    });
    const { api } = notesApi([around('outer'), around('inner')]);
    expect((await api.fetch(new Request('http://x/v1/notes'))).status).toBe(401);
    expect(seen).toEqual([]);
    const list = await api.fetch(new Request('http://x/v1/notes', { headers: token('a+notes:read') }));
    expect(list.status).toBe(200);
    expect(seen).toEqual(['outer in', 'inner in', 'inner out 200', 'outer out 200']);
  });

  it('checks the route’s access before a preHandler answer goes out', async () => {
    const { api } = notesApi({ preHandler: () => jsonResponse(200, { cached: true }) });
    expect((await api.fetch(new Request('http://x/v1/notes'))).status).toBe(401);
    expect((await api.fetch(new Request('http://x/v1/notes', { headers: token('a+other') }))).status).toBe(403);
    expect(
      await (await api.fetch(new Request('http://x/v1/notes', { headers: token('a+notes:read') }))).json(),
    ).toEqual({ cached: true });
  });

  it('shows onResponse the answer as it leaves, after every onSend, and only logs its failures', async () => {
    const seen: string[] = [];
    const logged: string[] = [];
    const logger = { ...silentLogger, error: (_fields: object, message: string) => void logged.push(message) };
    const { api } = notesApi(
      [
        {
          onSend: (_c, response) => ({ ...response, status: response.status === 200 ? 203 : response.status }),
          onResponse: (context, response) =>
            void seen.push(`${context.route?.kind ?? 'none'} ${response.status} ${response.headers['x-request-id']}`),
        },
        {
          onResponse: () => {
            throw new Error('exporter down');
          },
        },
        {
          onResponse: (_c, response) => {
            seen.push(`after a failing hook ${response.status}`);
            (response as { status: number }).status = 299; // a frozen copy: this throws, and the answer stays
          },
        },
      ],
      { logger },
    );
    const ok = await api.fetch(
      new Request('http://x/v1/notes', { headers: { ...token('a+notes:read'), 'x-request-id': 'r1' } }),
    );
    expect(ok.status).toBe(203);
    const refused = await api.fetch(new Request('http://x/v1/notes', { headers: { 'x-request-id': 'r2' } }));
    expect(refused.status).toBe(401);
    expect(seen).toEqual(['list 203 r1', 'after a failing hook 203', 'list 401 r2', 'after a failing hook 401']);
    expect(logged).toEqual(Array.from({ length: 4 }, () => 'onResponse hook failed'));
  });

  it('does not hold the answer for what onResponse awaits, and close() waits for it', async () => {
    const written: string[] = [];
    let finishAudit = (): void => {};
    const auditDone = new Promise<void>((resolve) => (finishAudit = resolve));
    const logged: string[] = [];
    const logger = { ...silentLogger, error: (_fields: object, message: string) => void logged.push(message) };
    const { api } = notesApi(
      [
        {
          onResponse: async (context) => {
            await auditDone;
            written.push(context.requestId);
          },
        },
        {
          onResponse: async () => {
            await auditDone;
            throw new Error('audit store down');
          },
        },
      ],
      { logger },
    );
    const answer = await api.fetch(
      new Request('http://x/v1/notes', { headers: { ...token('a+notes:read'), 'x-request-id': 'r1' } }),
    );
    expect(answer.status).toBe(200); // answered while the audit write still waits
    expect(written).toEqual([]);
    const closed = api.close();
    finishAudit();
    await closed;
    expect(written).toEqual(['r1']);
    expect(logged).toEqual(['onResponse hook failed']);
  });
});
