import type { Api } from '@corral/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { socketTransport, type TestResponse, type Transport } from '@corral/core/testing';
import { memoryRateLimits } from './memory.js';
import type { RateLimitStore } from './store.js';
import { rateLimit, type RateLimitOptions } from './plugin.js';
import { notesApi } from './testing/notes-api.js';

/** Reaches the API through api.fetch, as the client at `address` (what a socket would show). */
function fetchFrom(api: Api, address = '192.0.2.1'): Transport {
  return {
    name: 'api.fetch',
    async send(method, path, options = {}) {
      const body = options.body === undefined ? undefined : JSON.stringify(options.body);
      const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers };
      const response = await api.fetch(
        new Request(`http://127.0.0.1${path}`, { method, headers, ...(body ? { body } : {}) }),
        { remoteAddress: address },
      );
      const text = await response.text();
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        text,
        json: text ? JSON.parse(text) : undefined,
      } satisfies TestResponse;
    },
    close: async () => {},
  };
}

const as = (client: string) => ({ headers: { authorization: `Bearer ${client}` } });
const limited = (options: Partial<RateLimitOptions> = {}) =>
  notesApi([rateLimit({ limit: 3, windowSeconds: 60, ...options })]);
let open: Transport | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe.each([
  ['api.fetch', async (api: Api) => fetchFrom(api)],
  ['socket', socketTransport],
])('rate limits over %s', (_name, connect) => {
  it('admits a client up to its limit, then answers 429 with Retry-After and the RateLimit headers in the error shape', async () => {
    // A clock that stands still, so that the exact reset time can be asserted however slow the machine.
    const frozen = Date.now();
    const t = (open = await connect(limited({ store: memoryRateLimits({ now: () => frozen }) })));
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ok = await t.send('GET', '/v1/notes', as('client-a'));
      expect(ok.status).toBe(200);
      expect(ok.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
      seen.push(ok.headers.ratelimit!);
    }
    expect(seen).toEqual(['"default";r=2;t=60', '"default";r=1;t=60', '"default";r=0;t=60']);
    const refused = await t.send('GET', '/v1/notes', as('client-a'));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers.ratelimit).toBe('"default";r=0;t=60');
    // The contract's shape for statuses other than 400, 401, 403 and 422: one `error` message.
    expect(refused.json).toEqual({ error: 'Rate limit of 3 requests per 60 s reached; retry in 60 s' });
    expect(refused.headers['content-type']).toMatch(/json/);
    // Another client of the same address has its own quota.
    expect((await t.send('GET', '/v1/notes', as('client-b'))).status).toBe(200);
  });

  it('counts requests without a token by address, refused tokens included', async () => {
    const t = (open = await connect(limited()));
    expect((await t.send('GET', '/v1/notes')).status).toBe(401);
    expect((await t.send('GET', '/v1/nowhere')).headers.ratelimit).toMatch(/^"default";r=1;/);
    const badToken = await t.send('GET', '/v1/notes', as('bad'));
    expect(badToken.status).toBe(401);
    expect(badToken.headers.ratelimit).toMatch(/^"default";r=0;/);
    expect((await t.send('GET', '/v1/notes', as('bad'))).status).toBe(429);
    expect((await t.send('GET', '/v1', {})).status).toBe(429);
    // A verified client is counted apart from its address.
    expect((await t.send('GET', '/v1/notes', as('client-a'))).status).toBe(200);
  });
});

describe('rate limits: keys, policies, jobs', () => {
  it('tells addresses apart, or uses the key an application chooses behind a proxy', async () => {
    const api = limited({
      limit: 1,
      keyFor: (context) => context.request.header('x-forwarded-for') ?? context.remoteAddress ?? 'unknown',
    });
    expect((await fetchFrom(api, '192.0.2.1').send('GET', '/v1')).status).toBe(200);
    expect((await fetchFrom(api, '192.0.2.1').send('GET', '/v1')).status).toBe(429);
    expect((await fetchFrom(api, '192.0.2.2').send('GET', '/v1')).status).toBe(200);
    expect(
      (await fetchFrom(api, '192.0.2.1').send('GET', '/v1', { headers: { 'x-forwarded-for': '198.51.100.7' } })).status,
    ).toBe(200);
  });

  it('counts answers given before any route, token or not (the version list, a redirect), and sends the headers there too', async () => {
    const api = limited({ limit: 2 });
    const client = fetchFrom(api, '192.0.2.9');
    const listing = await client.send('GET', '/', as('client-a'));
    expect(listing.status).toBe(200);
    expect(listing.headers.ratelimit).toMatch(/r=1/);
    expect((await client.send('GET', '/v1/notes/', as('client-a'))).status).toBe(301);
    expect((await client.send('GET', '/', as('client-a'))).status).toBe(429);
  });

  it('applies another policy per route, or none', async () => {
    const api = limited({
      limit: 5,
      policyFor: (route) =>
        route.kind === 'create'
          ? { name: 'writes', limit: 1, windowSeconds: 10 }
          : route.kind === 'root'
            ? false
            : undefined,
    });
    const t = fetchFrom(api);
    const created = await t.send('POST', '/v1/notes', { ...as('client-a'), body: { text: 'b' } });
    expect(created.status).toBe(201);
    expect(created.headers['ratelimit-policy']).toBe('"writes";q=1;w=10');
    expect((await t.send('POST', '/v1/notes', { ...as('client-a'), body: { text: 'c' } })).status).toBe(429);
    expect((await t.send('GET', '/v1/notes', as('client-a'))).headers.ratelimit).toMatch(/^"default";r=4;/);
    const root = await t.send('GET', '/v1');
    expect(root.status).toBe(200);
    expect(root.headers.ratelimit).toBeUndefined();
  });

  it('does not count a job again when it runs', async () => {
    const t = fetchFrom(notesApi([rateLimit({ limit: 50, windowSeconds: 60, store: memoryRateLimits() })]));
    let sent = 1;
    const accepted = await t.send('DELETE', '/v1/notes', {
      headers: { ...as('client-a').headers, prefer: 'respond-async' },
    });
    expect(accepted.status).toBe(202);
    const job = await vi.waitFor(async () => {
      const polled = await t.send('GET', accepted.headers.location!, as('client-a'));
      sent++;
      expect(polled.json.status).toBe('succeeded');
      return polled;
    });
    expect(job.headers.ratelimit).toMatch(new RegExp(`^"default";r=${50 - sent};`));
  });

  it('documents a 429 and the headers on every limited route', () => {
    const plugin = rateLimit({ limit: 1, windowSeconds: 1, policyFor: (route) => route.kind !== 'root' && undefined });
    const docs = plugin.describeRoute!({
      method: 'GET',
      pattern: '/notes',
      access: { scope: 'notes:read' },
      kind: 'list',
      version: 1,
    });
    expect(Object.keys(docs!.responses!)).toEqual(['429']);
    expect(Object.keys(docs!.responseHeaders!)).toEqual(['RateLimit-Policy', 'RateLimit']);
    expect(
      plugin.describeRoute!({ method: 'GET', pattern: '/', access: 'public', kind: 'root', version: 1 }),
    ).toBeUndefined();
  });
});

describe('rate limits when the counters cannot be reached', () => {
  const failing: RateLimitStore = {
    hit: async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
  };

  it('admits every request uncounted by default (no 500): an outage of the counters stops nothing else', async () => {
    const t = (open = fetchFrom(limited({ store: failing })));
    for (const path of ['/v1', '/v1/notes']) {
      const answer = await t.send('GET', path, as('ann'));
      expect(answer.status, path).toBe(200);
      expect(answer.headers.ratelimit).toBeUndefined();
    }
  });

  it('treats counters that do not answer in time as failed, rather than holding the request', async () => {
    const hanging: RateLimitStore = { hit: () => new Promise(() => undefined) };
    const t = (open = fetchFrom(limited({ store: hanging })));
    expect((await t.send('GET', '/v1/notes', as('ann'))).status).toBe(200);
  });

  it("answers 503 with Retry-After where the policy says whenStoreFails: 'refuse'", async () => {
    const t = (open = fetchFrom(
      limited({
        store: failing,
        policyFor: (route) =>
          route.method === 'POST'
            ? { limit: 1, windowSeconds: 60, name: 'writes', whenStoreFails: 'refuse' }
            : undefined,
      }),
    ));
    expect((await t.send('GET', '/v1/notes', as('ann'))).status).toBe(200);
    const refused = await t.send('POST', '/v1/notes', { ...as('ann'), body: { text: 'x' } });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json).toEqual({ error: expect.stringContaining('counters cannot be reached') });
  });
});
