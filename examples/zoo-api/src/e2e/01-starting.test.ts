// zoo-api.md, "Starting it": nothing to configure, BASE_PATH / PUBLIC_URL, deterministic demo data.
// (PORT and HOST choose the listening socket, which startZoo() opens itself; SIGINT/SIGTERM concern
// the process, not a service started inside the test runner.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  everyRecord,
  expectDetailedError,
  get,
  linkHref,
  type RunningZoo,
  startZoo,
  startZooWithTokens,
} from './helpers.js';

const collections = ['zoos', 'animals', 'employees', 'customers', 'suppliers'] as const;

describe('Starting it: the default, with nothing configured', () => {
  let zoo: RunningZoo;
  let admin: string;
  beforeAll(async () => ({ zoo, admin } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  it('answers at once: the version list, the root document and a token from the embedded server', async () => {
    const versions = await get(zoo, '/');
    expect(versions.status).toBe(200);
    expect(versions.body).toEqual({ versions: [{ version: 'v1', href: '/v1' }] });
    const root = await get(zoo, '/v1');
    expect(root.status).toBe(200);
    expect(root.body.zoos_url).toEqual(expect.any(String));
    expect(admin.split('.')).toHaveLength(3);
  });

  it('has demo data: a handful of zoos, some dozens of animals, employees, salary statements, customers and suppliers', async () => {
    const totals: Record<string, number> = {};
    for (const name of collections) {
      const page = await get(zoo, `/v1/${name}`, admin);
      expect(page.status).toBe(200);
      totals[name] = page.body.total;
    }
    expect(totals.zoos).toBeGreaterThanOrEqual(2);
    expect(totals.zoos).toBeLessThanOrEqual(12);
    expect(totals.animals).toBeGreaterThanOrEqual(24);
    expect(totals.employees).toBeGreaterThan(0);
    expect(totals.customers).toBeGreaterThan(0);
    expect(totals.suppliers).toBeGreaterThan(0);

    // Salary statements live below the employees; follow the employees' salary links.
    const employees = await everyRecord(zoo, '/v1/employees?limit=100', admin, 'employees');
    let statements = 0;
    for (const employee of employees) {
      const href = linkHref(employee.links, 'salary');
      expect(href).toBeDefined();
      statements += (await get(zoo, href!, admin)).body.total as number;
    }
    expect(statements).toBeGreaterThan(0);
  });

  it('starts with the same demo data every time', async () => {
    const other = await startZoo();
    try {
      const otherAdmin = await other.token('zoo-admin');
      for (const name of collections) {
        const here = await everyRecord(zoo, `/v1/${name}?limit=100`, admin, name);
        const there = await everyRecord(other, `/v1/${name}?limit=100`, otherAdmin, name);
        expect(there, name).toEqual(here);
      }
      const statementsHere = await everyRecord(
        zoo,
        '/v1/employees/1/salaryStatements?limit=100',
        admin,
        'salaryStatements',
      );
      const statementsThere = await everyRecord(
        other,
        '/v1/employees/1/salaryStatements?limit=100',
        otherAdmin,
        'salaryStatements',
      );
      expect(statementsThere).toEqual(statementsHere);
    } finally {
      await other.close();
    }
  });
});

describe('Starting it: BASE_PATH=/api mounts everything under /api', () => {
  let zoo: RunningZoo;
  let admin: string;
  beforeAll(async () => ({ zoo, admin } = await startZooWithTokens({ BASE_PATH: '/api' })));
  afterAll(() => zoo.close());

  it('serves /api/v1/zoos, and nothing at /v1/zoos', async () => {
    const zoos = await get(zoo, '/api/v1/zoos', admin);
    expect(zoos.status).toBe(200);
    expect(zoos.body.total).toBeGreaterThan(0);
    expect((await get(zoo, '/v1/zoos', admin)).status).toBe(404);
  });

  it('lists its versions and its root document under the base path, with hrefs that include it', async () => {
    const versions = await get(zoo, '/api');
    expect(versions.status).toBe(200);
    expect(versions.body).toEqual({ versions: [{ version: 'v1', href: '/api/v1' }] });
    const root = await get(zoo, '/api/v1');
    expect(root.status).toBe(200);
    expect(root.body.link).toMatchObject({ rel: 'self', href: '/api/v1' });
    expect(root.body.links).toContainEqual({
      rel: 'collection /api/v1/zoos',
      href: '/api/v1/zoos',
      title: 'Zoos',
      type: 'application/json',
    });
    expect(root.body.zoos_url).toMatch(/\/api\/v1\/zoos$/);
  });

  it('puts the base path into record links, paging links and Location', async () => {
    const page = await get(zoo, '/api/v1/employees?limit=2', admin);
    const employee = page.body.employees[0];
    expect(linkHref(employee.links, 'self')).toBe(`/api/v1/employees/${employee.id}`);
    expect(linkHref(employee.links, 'salary')).toBe(`/api/v1/employees/${employee.id}/salaryStatements`);
    expect(linkHref(page.body.links, 'nextPage')).toBe('/api/v1/employees?offset=2&limit=2');

    const created = await call(zoo, 'POST', '/api/v1/zoos', { token: admin, json: { name: 'Base Path Zoo' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/v1/zoos/${created.body.id}`);
    expect(linkHref(created.body.links, 'animals')).toBe(`/api/v1/zoos/${created.body.id}/animals`);
    expect((await get(zoo, created.headers.get('location')!, admin)).body).toEqual(created.body);
  });

  it('puts the base path into search result hrefs and job locations', async () => {
    const found = await get(zoo, '/api/v1/search?query=zoo', admin);
    expect(found.status).toBe(200);
    expect(found.body.results.length).toBeGreaterThan(0);
    for (const result of found.body.results) {
      expect(result.href).toBe(`/api/v1/${result.collection}/${result.id}`);
      expect((await get(zoo, result.href, admin)).status).toBe(200);
    }
    const job = await call(zoo, 'PUT', '/api/v1/zoos', {
      token: admin,
      headers: { prefer: 'respond-async' },
      json: [],
    });
    expect(job.status).toBe(202);
    expect(job.headers.get('location')).toMatch(/^\/api\/v1\/jobs\/[^/]+$/);
    expect((await get(zoo, job.headers.get('location')!, admin)).status).toBe(200);
  });

  it('answers paths without a version, or with an unknown one, below the base path with 404 naming v1', async () => {
    for (const path of ['/api/zoos', '/api/v2/zoos', '/api/v1.2/zoos']) {
      const reply = await get(zoo, path, admin);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toEqual({ error: expect.stringContaining('v1') });
    }
  });

  it('points additionalInformation at an error page under the base path', async () => {
    const reply = await get(zoo, '/api/v1/employees?state=retired', admin);
    expectDetailedError(reply, 400);
    expect(reply.body.additionalInformation).toMatch(new RegExp(`^${zoo.origin}/api/v1/`));
    expect((await get(zoo, reply.body.additionalInformation)).status).toBe(200);
  });
});

describe('Starting it: PUBLIC_URL names the address clients see', () => {
  const publicUrl = 'https://zoo.example';
  let zoo: RunningZoo;
  let withBasePath: RunningZoo;
  beforeAll(async () => {
    zoo = await startZoo({ PUBLIC_URL: publicUrl });
    withBasePath = await startZoo({ PUBLIC_URL: publicUrl, BASE_PATH: '/api' });
  });
  afterAll(async () => {
    await withBasePath.close();
    await zoo.close();
  });

  it('builds the root document _url properties from PUBLIC_URL (and BASE_PATH)', async () => {
    const root = await get(zoo, '/v1');
    expect(root.status).toBe(200);
    expect(root.body.zoos_url).toBe(`${publicUrl}/v1/zoos`);
    expect(root.body.calculate_url).toBe(`${publicUrl}/v1/calculate`);
    const below = await get(withBasePath, '/api/v1');
    expect(below.body.zoos_url).toBe(`${publicUrl}/api/v1/zoos`);
    const discovery = await get(withBasePath, '/oauth/.well-known/openid-configuration');
    expect(discovery.body.issuer).toBe(`${publicUrl}/oauth`);
  });

  it('uses $PUBLIC_URL/oauth as the issuer, and its discovery document sends clients to a token endpoint there', async () => {
    const discovery = await get(zoo, '/oauth/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    expect(discovery.body.issuer).toBe(`${publicUrl}/oauth`);
    // Clients use the discovery document's token_endpoint; behind PUBLIC_URL it must be reachable there.
    expect(discovery.body.token_endpoint).toMatch(new RegExp(`^${publicUrl}/oauth/`));
  });

  it('accepts the tokens of its $PUBLIC_URL/oauth issuer', async () => {
    const token = await zoo.token('zoo-reader');
    expect((await get(zoo, '/v1/zoos', token)).status).toBe(200);
  });

  it('points documentation_url at PUBLIC_URL', async () => {
    const reply = await get(zoo, '/v1/zoos');
    expect(reply.status).toBe(401);
    expect(reply.body.documentation_url).toMatch(new RegExp(`^${publicUrl}/v1/`));
  });
});
