import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createApi, defineCollection, defineOperation, silentLogger } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApi, openApiDocument } from './index.js';
import { refuseAll, versionOf } from './testing/version-of.js';

const zoos = defineCollection({
  name: 'zoos',
  schema: z.object({ name: z.string(), city: z.string() }),
  sortable: ['name'],
  scopes: { read: 'zoo:read', write: 'zoo:write' },
});

const animals = defineCollection({
  name: 'animals',
  schema: z.object({ name: z.string() }),
  parent: { collection: zoos, field: 'zooId', topLevel: false },
  scopes: { read: 'zoo:read', write: 'animals:write' },
});

const ping = defineOperation({
  name: 'ping',
  query: z.object({}),
  result: z.object({ pong: z.boolean() }),
  handler: () => ({ pong: true }),
});

const collections = [zoos, animals];
const swaggerDirectory = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const api = createApi({
  title: 'Zoo',
  basePath: '/api',
  collections,
  operations: [ping],
  plugins: [openApi()],
  logger: silentLogger,
});
const get = (path: string, accept = '*/*') => api.fetch(new Request(`http://zoo.test${path}`, { headers: { accept } }));

describe('openApi() plugin', () => {
  it('serves /openapi.json as the document openApiDocument builds for the version', async () => {
    const response = await get('/api/v1/openapi.json', 'application/json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The description createApi hands plugins, route table included, captured by a plugin of its own.
    const version = versionOf({ title: 'Zoo', basePath: '/api', collections, operations: [ping] });
    expect(version.routes.length).toBeGreaterThan(0);
    expect(await response.json()).toEqual(openApiDocument(version));
  });

  it('documents a collection added to createApi without any other change', async () => {
    const keepers = defineCollection({
      name: 'keepers',
      schema: z.object({ name: z.string() }),
      scopes: { read: 'staff:read' },
    });
    const bigger = createApi({
      title: 'Zoo',
      basePath: '/api',
      collections: [...collections, keepers],
      operations: [ping],
      plugins: [openApi()],
      logger: silentLogger,
    });
    const document = await (await bigger.fetch(new Request('http://zoo.test/api/v1/openapi.json'))).json();
    expect(document.paths).toHaveProperty(['/api/v1/keepers']);
    expect(document.paths).toHaveProperty(['/api/v1/keepers/{id}']);
    expect(document.components.schemas).toHaveProperty(['Keepers']);
    expect(document.components.schemas).toHaveProperty(['KeepersPage']);
  });

  it('serves an HTML docs page that loads only local assets under the version prefix', async () => {
    const response = await get('/api/v1/docs', 'text/html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<title>Zoo v1</title>');
    expect(html).toContain('"url":"/api/v1/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(references).toEqual([
      '/api/v1/docs/favicon-32x32.png',
      '/api/v1/docs/swagger-ui.css',
      '/api/v1/docs/swagger-ui-bundle.js',
      '/api/v1/docs/swagger-ui-standalone-preset.js',
    ]);
    expect(html).toContain("new URL('/api/v1/docs/oauth2-redirect.html', location.href)");
    for (const reference of references) expect((await get(reference!)).status, reference).toBe(200);
  });

  it('serves swagger-ui-bundle.js from swagger-ui-dist, cacheable', async () => {
    const response = await get('/api/v1/docs/swagger-ui-bundle.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const served = new Uint8Array(await response.arrayBuffer());
    const onDisk = new Uint8Array(await readFile(join(swaggerDirectory, 'swagger-ui-bundle.js')));
    expect(served.length).toBe(onDisk.length);
    expect(Buffer.from(served).equals(onDisk)).toBe(true);
  });

  it("answers 404 for a file that is not one of the page's assets", async () => {
    for (const file of ['secret.txt', 'package.json', 'index.html', '..%2Fpackage.json']) {
      const response = await get(`/api/v1/docs/${file}`);
      expect(response.status, file).toBe(404);
      expect(await response.json(), file).toEqual({ error: 'No such file' });
    }
  });

  it('keeps its pages public when the API checks tokens, listing the scopes', async () => {
    const secured = createApi({
      title: 'Zoo',
      collections,
      auth: refuseAll,
      plugins: [openApi({ tokenUrl: '/oauth/token' })],
      logger: silentLogger,
    });
    expect((await secured.fetch(new Request('http://zoo.test/v1/zoos'))).status).toBe(401);
    const response = await secured.fetch(new Request('http://zoo.test/v1/openapi.json'));
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe('/oauth/token');
    expect(Object.keys(document.components.securitySchemes.oauth2.flows.clientCredentials.scopes)).toEqual([
      'animals:write',
      'zoo:read',
      'zoo:write',
    ]);
    expect((await secured.fetch(new Request('http://zoo.test/v1/docs'))).status).toBe(200);
    expect((await secured.fetch(new Request('http://zoo.test/v1/docs/swagger-ui.css'))).status).toBe(200);
  });

  it('makes createApi fail at startup when the API checks tokens and no tokenUrl is given', () => {
    expect(() => createApi({ collections, auth: refuseAll, plugins: [openApi()], logger: silentLogger })).toThrow(
      /tokenUrl/,
    );
  });
});
