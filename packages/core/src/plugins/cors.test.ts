import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiPlugin, VersionDescription } from '../vocabulary/plugin.js';
import { createApi } from '../index.js';
import type { Authenticator } from '../auth/principal.js';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { describeEachTransport } from '../testing/each-transport.js';
import { cors } from './cors.js';
import type { CorsOptions } from './cors-options.js';

const app = 'https://app.example';
const auth: Authenticator = {
  authenticate: async (request) =>
    request.header('authorization') === 'Bearer good'
      ? { subject: 'ann', scopes: new Set(['notes:read', 'notes:write']), claims: {} }
      : undefined,
  challenge: () => ({ 'www-authenticate': 'Bearer realm="notes"' }),
};

function notesApi(options: CorsOptions = { origins: [app] }, extra: ApiPlugin[] = []) {
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ text: z.string() }),
    scopes: { read: 'notes:read', write: 'notes:write' },
    store: memoryStore({ initial: [{ text: 'a' }] }),
  });
  return createApi({ collections: [notes], auth, logger: silentLogger, plugins: [cors(options), ...extra] });
}

const preflight = (origin: string, method = 'POST') => ({
  headers: {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization, content-type',
  },
});
describeEachTransport('CORS', (connect) => {
  const open = (api = notesApi()) => connect(api);

  it('answers a preflight of an allowed origin before authentication, on any path', async () => {
    const http = await open();
    for (const path of ['/v1/notes', '/v1/notes/1', '/v1/nowhere']) {
      const answer = await http.send('OPTIONS', path, preflight(app));
      expect(answer.status).toBe(204);
      expect(answer.headers).toMatchObject({
        'access-control-allow-origin': app,
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers':
          'Authorization, Content-Type, If-Match, If-None-Match, Prefer, Idempotency-Key, X-Request-Id, Last-Event-ID',
        'access-control-max-age': '600',
        vary: 'Origin',
      });
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('gives a preflight of another origin no CORS headers, so the browser stops there', async () => {
    const http = await open();
    const answer = await http.send('OPTIONS', '/v1/notes', preflight('https://evil.example'));
    expect(answer.status).toBe(204);
    expect(Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    // An OPTIONS without the preflight headers is the collection's own.
    expect(
      (await http.send('OPTIONS', '/v1/notes', { headers: { origin: app, authorization: 'Bearer good' } })).headers
        .allow,
    ).toBeDefined();
  });

  it('lets the allowed page read answers and errors, with the headers it needs exposed', async () => {
    const http = await open();
    const read = await http.send('GET', '/v1/notes/1', { headers: { origin: app, authorization: 'Bearer good' } });
    expect([read.status, read.headers['access-control-allow-origin'], read.headers.vary]).toEqual([200, app, 'Origin']);
    expect(read.headers['access-control-expose-headers']).toBe(
      'ETag, Location, X-Request-Id, WWW-Authenticate, Retry-After, RateLimit, RateLimit-Policy, Idempotency-Replayed, Last-Event-ID',
    );
    const refused = await http.send('GET', '/v1/notes', { headers: { origin: app } });
    expect([
      refused.status,
      refused.headers['access-control-allow-origin'],
      refused.headers['www-authenticate'],
    ]).toEqual([401, app, 'Bearer realm="notes"']);
    const missing = await http.send('GET', '/v1/nowhere', { headers: { origin: app } });
    expect([missing.status, missing.headers['access-control-allow-origin']]).toEqual([404, app]);
    const other = await http.send('GET', '/v1/notes/1', {
      headers: { origin: 'https://evil.example', authorization: 'Bearer good' },
    });
    expect([other.status, other.headers['access-control-allow-origin'], other.headers.vary]).toEqual([
      200,
      undefined,
      'Origin',
    ]);
    // Without Origin (not a browser's cross-origin call) only Vary is added, so caches keep answers apart.
    const plain = await http.send('GET', '/v1/notes/1', { headers: { authorization: 'Bearer good' } });
    expect([plain.headers['access-control-allow-origin'], plain.headers.vary]).toEqual([undefined, 'Origin']);
  });
});

describe('CORS settings', () => {
  const get = (api: ReturnType<typeof notesApi>, origin: string) =>
    api.fetch(new Request('http://127.0.0.1/v1/notes/1', { headers: { origin, authorization: 'Bearer good' } }));

  it('decides by a function, sends credentials only when asked, and takes its own header lists', async () => {
    const api = notesApi({
      origins: (origin) => origin.endsWith('.corp.example'),
      credentials: true,
      exposeHeaders: ['ETag'],
      allowHeaders: ['Authorization'],
      maxAgeSeconds: 60,
    });
    const allowed = await get(api, 'https://a.corp.example');
    expect([...allowed.headers].filter(([name]) => name.startsWith('access-control-'))).toEqual([
      ['access-control-allow-credentials', 'true'],
      ['access-control-allow-origin', 'https://a.corp.example'],
      ['access-control-expose-headers', 'ETag'],
    ]);
    expect((await get(api, 'https://corp.example.evil')).headers.get('access-control-allow-origin')).toBeNull();
    const pre = await api.fetch(
      new Request('http://127.0.0.1/v1/notes', { method: 'OPTIONS', ...preflight('https://b.corp.example') }),
    );
    expect([pre.headers.get('access-control-allow-headers'), pre.headers.get('access-control-max-age')]).toEqual([
      'Authorization',
      '60',
    ]);
  });

  it("answers '*' to every page, without Vary, and never with credentials", async () => {
    const response = await get(notesApi({ origins: '*' }), 'https://any.example');
    expect([response.headers.get('access-control-allow-origin'), response.headers.get('vary')]).toEqual(['*', null]);
    expect(() => cors({ origins: '*', credentials: true })).toThrow(/credentials/);
  });

  it('refuses origins written with a path or slash, and odd header names, at startup', () => {
    expect(() => cors({ origins: ['https://app.example/'] })).toThrow(/not an origin/);
    expect(() => cors({ origins: ['app.example'] })).toThrow(/not an origin/);
    expect(() => cors({ origins: [app], exposeHeaders: ['ETag, Location'] })).toThrow(/not a header name/);
    expect(() => cors({ origins: [app], maxAgeSeconds: 1.5 })).toThrow(/whole number/);
  });

  it('documents Access-Control-Allow-Origin on every route of the table', () => {
    let seen: VersionDescription | undefined;
    notesApi({ origins: [app] }, [{ name: 'spy', routes: (description) => ((seen = description), []) }]);
    expect(seen!.routes.length).toBeGreaterThan(0);
    for (const route of seen!.routes)
      expect(route.docs.some((d) => d.responseHeaders?.['Access-Control-Allow-Origin'])).toBe(true);
  });
});
