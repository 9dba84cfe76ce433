import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreachableDatabaseUrl } from '@corral/postgres/testing';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

// A page on another origin (CORS_ORIGINS) uses the zoo API from a browser; probes see its state.

const page = 'https://zoo-dashboard.example';
let zoo: RunningZoo;
beforeAll(async () => {
  zoo = await startZoo({ CORS_ORIGINS: `${page}, https://second.example` });
});
afterAll(() => zoo.close());

describe('the zoo API from another origin', () => {
  it('answers the preflight of a configured page without a token, and refuses other pages', async () => {
    const preflight = (origin: string) =>
      fetch(`${zoo.origin}/v1/zoos`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, idempotency-key',
        },
      });
    const allowed = await preflight(page);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(page);
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type.*Idempotency-Key/);
    const other = await preflight('https://elsewhere.example');
    expect([other.status, other.headers.get('access-control-allow-origin')]).toEqual([204, null]);
  });

  it('lets the page read records, errors and the headers it needs', async () => {
    const token = await zoo.token();
    const read = await zoo.get('/v1/zoos/1', token, { origin: page });
    expect([read.status, read.headers.get('access-control-allow-origin')]).toEqual([200, page]);
    expect(read.headers.get('access-control-expose-headers')).toMatch(/ETag.*Location.*X-Request-Id.*WWW-Authenticate/);
    const refused = await zoo.get('/v1/zoos', undefined, { origin: page });
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([401, page]);
    // The docs page's Authorize form asks the embedded server for tokens from the page's origin too.
    const tokenPreflight = await fetch(`${zoo.origin}/oauth/token`, {
      method: 'OPTIONS',
      headers: { origin: page, 'access-control-request-method': 'POST' },
    });
    expect(tokenPreflight.headers.get('access-control-allow-origin')).toBe(page);
  });
});

describe('probes of the zoo API', () => {
  it('answers /health and /ready outside the version, without a token', async () => {
    const alive = await zoo.get('/health');
    expect([alive.status, await alive.json(), alive.headers.get('cache-control')]).toEqual([
      200,
      { status: 'ok' },
      'no-store',
    ]);
    const ready = await zoo.get('/ready');
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('is alive but not ready when its PostgreSQL server cannot be reached', async () => {
    const down = await startZoo({ DATABASE_URL: await unreachableDatabaseUrl('zoo'), STORE: 'postgres' });
    try {
      expect((await down.get('/health')).status).toBe(200);
      const ready = await down.get('/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      await down.close();
    }
  });
});
