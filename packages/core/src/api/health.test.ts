import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import type { Store } from '../store/store.js';
import { describeEachTransport } from '../testing/each-transport.js';
import { createApi, type ApiOptions } from './create-api.js';

/** A memory store whose `ping` and `init` the test controls. */
function controlledStore(options: { init?: Promise<void> } = {}) {
  const store: Store<{ name: string }> = memoryStore<{ name: string }>();
  const control = { reachable: true, hang: false };
  const init = store.init?.bind(store);
  store.init = async (fields) => {
    await options.init;
    return init?.(fields);
  };
  store.ping = ({ signal } = {}) =>
    control.hang
      ? new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('gave up'))))
      : control.reachable
        ? Promise.resolve()
        : Promise.reject(new Error('connection refused'));
  return { store, control };
}

function apiWith(store: Store<{ name: string }>, extra: Partial<ApiOptions> = {}) {
  const cats = defineCollection({ name: 'cats', schema: z.object({ name: z.string() }), store });
  const dogs = defineCollection({ name: 'dogs', schema: z.object({ name: z.string() }), store: memoryStore() });
  return createApi({
    basePath: '/api',
    collections: [cats, dogs],
    logger: silentLogger,
    auth: { authenticate: async () => undefined, challenge: () => ({}) },
    ...extra,
  });
}

describeEachTransport('health endpoints', (open) => {
  it('answers /health and /ready below the base path, uncached, with no token', async () => {
    const http = await open(apiWith(controlledStore().store));
    const alive = await http.send('GET', '/api/health', { headers: { 'x-request-id': 'probe-1' } });
    expect([alive.status, alive.json, alive.headers['cache-control'], alive.headers['x-request-id']]).toEqual([
      200,
      { status: 'ok' },
      'no-store',
      'probe-1',
    ]);
    const ready = await http.send('GET', '/api/ready');
    expect([ready.status, ready.json, ready.headers['cache-control']]).toEqual([200, { status: 'ready' }, 'no-store']);
    const head = await http.send('HEAD', '/api/ready');
    expect([head.status, head.text]).toEqual([200, '']);
  });

  it('refuses other methods, query parameters and other media types in the error shape', async () => {
    const http = await open(apiWith(controlledStore().store));
    const post = await http.send('POST', '/api/health', { body: {} });
    expect([post.status, post.headers.allow, typeof post.json.error]).toEqual([405, 'GET, HEAD', 'string']);
    const query = await http.send('GET', '/api/ready?verbose=1');
    expect([query.status, query.json.errorCode]).toEqual([400, 1002]);
    expect((await http.send('GET', '/api/health', { headers: { accept: 'text/html' } })).status).toBe(406);
  });

  it('answers 503 naming the collections whose store does not answer, or answers too late', async () => {
    const { store, control } = controlledStore();
    const api = apiWith(store, { health: { timeoutMs: 50 } });
    await api.ready();
    const http = await open(api);
    control.reachable = false;
    const down = await http.send('GET', '/api/ready');
    expect([down.status, down.json, down.headers['retry-after']]).toEqual([
      503,
      {
        error: 'Not ready: a store does not answer (cats)',
        status: 'unavailable',
        reason: 'storesUnreachable',
        failed: ['cats'],
      },
      '5',
    ]);
    control.hang = true;
    expect((await http.send('GET', '/api/ready')).json.failed).toEqual(['cats']);
    expect((await http.send('GET', '/api/health')).status).toBe(200);
  });

  it('is not ready while the stores open, nor once their opening failed', async () => {
    let finish!: () => void;
    const { store } = controlledStore({ init: new Promise<void>((resolve) => (finish = resolve)) });
    const http = await open(apiWith(store));
    expect((await http.send('GET', '/api/ready')).json).toEqual({
      error: 'Not ready: the stores are still opening',
      status: 'unavailable',
      reason: 'starting',
    });
    expect((await http.send('GET', '/api/health')).status).toBe(200);
    finish();
    await vi.waitFor(async () => expect((await http.send('GET', '/api/ready')).status).toBe(200));
    const failing = await open(apiWith(controlledStore({ init: Promise.reject(new Error('no tables')) }).store));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await failing.send('GET', '/api/ready')).json).toEqual({
      error: 'Not ready: opening the stores failed; see the log',
      status: 'unavailable',
      reason: 'initFailed',
    });
    // Requests to the API get a 503 in the error shape, not a dropped connection.
    const refused = await failing.send('GET', '/api/v1/cats');
    expect([refused.status, refused.headers['retry-after'], refused.json]).toEqual([
      503,
      '5',
      { error: expect.stringContaining('could not open its data') },
    ]);
    expect(refused.headers['x-request-id']).toBeTruthy();
  });
});

describe('health settings', () => {
  it('reports 503 once the API starts closing', async () => {
    const api = apiWith(controlledStore().store);
    const closing = api.close();
    const response = await api.fetch(new Request('http://127.0.0.1/api/ready'));
    expect([response.status, await response.json()]).toEqual([
      503,
      { error: 'Not ready: the API is stopping', status: 'unavailable', reason: 'stopping' },
    ]);
    await closing;
  });

  it('serves other paths, or none, and keeps them out of the versions', async () => {
    const api = apiWith(controlledStore().store, { health: { path: '/livez', readyPath: '/readyz' } });
    expect((await api.fetch(new Request('http://127.0.0.1/api/livez'))).status).toBe(200);
    expect((await api.fetch(new Request('http://127.0.0.1/api/health'))).status).toBe(404);
    const root = await (await api.fetch(new Request('http://127.0.0.1/api/v1'))).text();
    expect(root).not.toMatch(/livez|readyz|health/);
    const off = apiWith(controlledStore().store, { health: false });
    expect((await off.fetch(new Request('http://127.0.0.1/api/health'))).status).toBe(404);
    expect(() => apiWith(controlledStore().store, { health: { path: 'health/' } })).toThrow(/must start with/);
    expect(() => apiWith(controlledStore().store, { health: { timeoutMs: 0 } })).toThrow(/positive whole number/);
  });
});
