import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { testApi } from '../testing/fixtures.js';

// The API mounted at /api inside other frameworks, as users do it (docs/mounting.md), over real sockets.
let close: () => Promise<void> = async () => {};
afterEach(() => close());

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** What every mounting must give: routing below the mount path, links that include it, JSON writes. */
async function expectMountedApi(origin: string): Promise<void> {
  const list = await fetch(`${origin}/api/v1/employees?limit=1`);
  expect(list.status).toBe(200);
  const page = await list.json();
  expect(page.links).toEqual([{ rel: 'nextPage', href: '/api/v1/employees?offset=1&limit=1' }]);
  expect(page.employees[0].links[0].href).toMatch(/^\/api\/v1\/employees\/1/);
  const created = await fetch(`${origin}/api/v1/employees`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Mounted', yearOfBirth: 1990, state: 'internal', maturity: 'junior' }),
  });
  expect(created.status).toBe(201);
  expect(created.headers.get('location')).toMatch(/^\/api\/v1\/employees\/\d+$/);
  expect((await fetch(`${origin}/api/v1/nothing`)).status).toBe(404);
}

describe('mounting the API in other frameworks', () => {
  it('Express 5: app.use(basePath, api.nodeHandler), even after express.json()', async () => {
    const api = testApi({ basePath: '/api' });
    const app = express();
    app.use(express.json());
    app.use('/api', api.nodeHandler);
    app.get('/health', (_req, res) => res.json({ ok: true }));
    const origin = await listening(createServer(app));
    await expectMountedApi(origin);
    expect(await (await fetch(`${origin}/health`)).json()).toEqual({ ok: true });
  });

  it('Fastify 5: a catch-all route that hands the raw request over, body unread', async () => {
    const api = testApi({ basePath: '/api' });
    const app = Fastify();
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.all('/api/*', (request, reply) => {
        reply.hijack();
        api.nodeHandler(request.raw, reply.raw);
      });
    });
    await app.ready();
    const origin = await listening(app.server);
    await expectMountedApi(origin);
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the test's name quotes Hono code
  it('Hono: app.all(`${basePath}/*`) passing the original Request to api.fetch', async () => {
    const api = testApi({ basePath: '/api' });
    const app = new Hono();
    app.all('/api/*', (c) => api.fetch(c.req.raw));
    const origin = await listening(createAdaptorServer({ fetch: app.fetch }) as Server);
    await expectMountedApi(origin);
  });
});
