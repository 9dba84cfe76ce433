import { createApi, defineCollection, silentLogger, type Authenticator } from '@corral/core';
import { openApi } from '@corral/openapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildPage } from './testing/build-page.js';
import { admin, type AdminModel } from './index.js';

const zoos = defineCollection({
  name: 'zoos',
  schema: z.object({ name: z.string().min(1).max(80), kind: z.enum(['city', 'safari']), founded: z.number().int() }),
  filters: {
    kind: { field: 'kind', operators: ['eq', 'in'] },
    founded: { field: 'founded', operators: ['gte', 'lte'] },
  },
  sortable: ['name', 'founded'],
  searchable: ['name'],
  scopes: { read: 'zoo:read', write: 'zoo:write' },
});
const animals = defineCollection({
  name: 'animals',
  schema: z.object({ name: z.string() }),
  parent: { collection: zoos, field: 'zooId', topLevel: false, inverse: 'animals' },
  scopes: { read: 'zoo:read' },
});

/** Lets every request in with both scopes: the plugin's pages are public, and the API's refusals are core's. */
const everyone: Authenticator = {
  authenticate: async () => ({ subject: 'tester', scopes: new Set(['zoo:read', 'zoo:write']), claims: {} }),
  challenge: () => ({}),
};

const api = createApi({
  title: 'Zoo',
  basePath: '/api',
  publicUrl: 'https://zoo.example',
  collections: [zoos, animals],
  auth: everyone,
  plugins: [openApi({ tokenUrl: '/oauth/token' }), admin({ clientId: 'zoo-admin-ui' })],
  logger: silentLogger,
});
const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const get = (path: string, accept = '*/*', method = 'GET') =>
  api.fetch(new Request(`https://zoo.example${path}`, { method, headers: { accept }, redirect: 'manual' }));

beforeAll(() => buildPage(), 60_000);

describe('admin() pages', () => {
  it('serves the page under the base path with a CSP of its own origin that forbids framing', async () => {
    for (const path of ['/api/admin', '/api/admin/v1/zoos', '/api/admin/_new/v1/zoos']) {
      const page = await get(path, browser);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:\/\/(?!zoo\.example)/);
      const html = await page.text();
      expect(html).toContain('src="/api/admin/assets/app.js"');
      expect(html).not.toMatch(/<script>|https?:\/\//);
    }
  });

  it('serves its script and stylesheet from the package, and nothing else below assets/', async () => {
    const script = await get('/api/admin/assets/app.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await get('/api/admin/assets/app.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await get('/api/admin/assets/..%2Fpackage.json')).status).toBe(404);
    expect((await get('/api/admin/assets/app.js', '*/*', 'POST')).status).toBe(405);
  });

  it('describes the collections from their declarations: filters, sorting, search, scopes, relations, schemas', async () => {
    const model = (await (await get('/api/admin/model.json', 'application/json')).json()) as AdminModel;
    expect(model.adminPath).toBe('/api/admin');
    expect(model.basePath).toBe('/api');
    const [version] = model.versions;
    expect(version?.prefix).toBe('/api/v1');
    const zooModel = version?.collections.find((c) => c.name === 'zoos');
    expect(zooModel).toMatchObject({
      listPath: '/api/v1/zoos',
      readScope: 'zoo:read',
      writeScope: 'zoo:write',
      sortable: ['name', 'founded'],
      searchable: true,
      filters: [
        { param: 'kind', field: 'kind', operators: ['eq', 'in'] },
        { param: 'founded', field: 'founded', operators: ['gte', 'lte'] },
      ],
      relations: [{ name: 'animals', kind: 'many', target: 'animals' }],
    });
    expect(zooModel?.inputSchema).toMatchObject({
      required: ['name', 'kind', 'founded'],
      properties: { name: { minLength: 1, maxLength: 80 }, kind: { enum: ['city', 'safari'] } },
    });
    const animalModel = version?.collections.find((c) => c.name === 'animals');
    expect(animalModel?.listPath).toBeUndefined();
    expect(animalModel).toMatchObject({ parent: 'zoos', nestedPattern: '/api/v1/zoos/:parentId/animals' });
    expect(model.signIn).toEqual({
      issuer: 'https://zoo.example',
      metadataUrls: [
        'https://zoo.example/.well-known/oauth-authorization-server',
        'https://zoo.example/.well-known/openid-configuration',
      ],
      clientId: 'zoo-admin-ui',
      redirectUri: 'https://zoo.example/api/admin/callback',
      scopes: ['zoo:read', 'zoo:write'],
    });
  });
});

describe('the browsable API', () => {
  it('sends a browser opening a list or a record to its view in the admin, query kept (303)', async () => {
    const list = await get('/api/v1/zoos?kind=city&sortby=name', browser);
    expect(list.status).toBe(303);
    expect(list.headers.get('location')).toBe('/api/admin/v1/zoos?kind=city&sortby=name');
    expect(list.headers.get('vary')).toContain('Accept');
    const record = await get('/api/v1/zoos/7/animals/3', browser);
    expect(record.status).toBe(303);
    expect(record.headers.get('location')).toBe('/api/admin/v1/zoos/7/animals/3');
  });

  it('leaves JSON clients, the root, error pages, the OpenAPI document and the docs page alone', async () => {
    for (const accept of ['application/json', '*/*', 'application/json, text/html;q=0.5', '']) {
      const answer = await get('/api/v1/zoos', accept);
      expect(answer.status, accept).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/json');
    }
    for (const path of ['/api/v1', '/api/v1/errors', '/api/v1/openapi.json', '/api/v1/docs']) {
      const answer = await get(path, browser);
      expect(answer.status, path).not.toBe(303);
    }
    expect((await get('/api/v1/docs', browser)).status).toBe(200);
    // Only reads are redirected: a form posted by a browser still reaches the API.
    expect((await get('/api/v1/zoos', browser, 'DELETE')).status).not.toBe(303);
  });
});

describe('admin() options', () => {
  it('refuses a path that names no folder', () => {
    expect(() => admin({ path: 'admin' })).toThrow(/path must start with \//);
    expect(() => admin({ path: '/' })).toThrow(/path must start with \//);
  });
});

describe('admin() with an external issuer', () => {
  it('reads the issuer metadata where RFC 8414 and OpenID Connect put it, and lets the page reach that origin only', async () => {
    const external = createApi({
      title: 'Zoo',
      publicUrl: 'https://zoo.example',
      collections: [zoos],
      auth: everyone,
      plugins: [admin({ issuer: 'https://login.example/realms/zoo', clientId: 'zoo-console', scopes: ['zoo:read'] })],
      logger: silentLogger,
    });
    const fetchPage = (path: string) => external.fetch(new Request(`https://zoo.example${path}`));
    const model = (await (await fetchPage('/admin/model.json')).json()) as AdminModel;
    expect(model.signIn).toEqual({
      issuer: 'https://login.example/realms/zoo',
      metadataUrls: [
        'https://login.example/.well-known/oauth-authorization-server/realms/zoo',
        'https://login.example/realms/zoo/.well-known/oauth-authorization-server',
        'https://login.example/realms/zoo/.well-known/openid-configuration',
      ],
      clientId: 'zoo-console',
      redirectUri: 'https://zoo.example/admin/callback',
      scopes: ['zoo:read'],
    });
    const csp = (await fetchPage('/admin')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self' https://login.example;");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
