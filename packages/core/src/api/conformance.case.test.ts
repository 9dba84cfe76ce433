import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from './create-api.js';
import { testApi } from '../testing/fixtures.js';
import type { Transport } from '../testing/transport.js';

/** The HTTP behaviour of a declared collection, run once per transport (api.fetch and a real socket). */
export function conformanceCases(name: string, connect: (api: Api) => Promise<Transport>): void {
  let open: Transport | undefined;
  const client = async (api: Api = testApi()) => (open = await connect(api));
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  describe(`${name}: versions and root`, () => {
    it('lists versions at / and serves the root document at /v1', async () => {
      const c = await client();
      expect((await c.send('GET', '/')).json).toEqual({ versions: [{ version: 'v1', href: '/v1' }] });
      const root = await c.send('GET', '/v1');
      expect(root.status).toBe(200);
      expect(root.json.link).toEqual({ rel: 'self', href: '/v1', title: 'Test API', type: 'application/json' });
      expect(root.json.employees_url).toBe('/v1/employees');
      expect(root.json.calculate_url).toBe('/v1/calculate');
      expect(root.json.salaryStatements_url).toBeUndefined();
      expect(root.json.links).toContainEqual({
        rel: 'collection /v1/zoos',
        href: '/v1/zoos',
        title: 'Zoos',
        type: 'application/json',
      });
    });

    it('answers 404 naming the valid versions for a missing, minor or unknown version', async () => {
      const c = await client();
      for (const path of ['/employees', '/v1.2/employees', '/v2/employees', '/v01/employees']) {
        const res = await c.send('GET', path);
        expect(res.status, path).toBe(404);
        expect(res.json.error, path).toMatch(/v1/);
      }
    });

    it('mounts under a base path', async () => {
      const c = await client(testApi({ basePath: '/api' }));
      expect((await c.send('GET', '/api')).json).toEqual({ versions: [{ version: 'v1', href: '/api/v1' }] });
      const list = await c.send('GET', '/api/v1/employees');
      expect(list.json.employees[0].links[0]).toEqual({ rel: 'self', href: '/api/v1/employees/1' });
      expect((await c.send('GET', '/v1/employees')).status).toBe(404);
    });
  });

  describe(`${name}: lists`, () => {
    it('answers the paged envelope with defaults and links on every record', async () => {
      const c = await client();
      const res = await c.send('GET', '/v1/employees');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-request-id']).toMatch(/./);
      expect(Object.keys(res.json)).toEqual(['offset', 'limit', 'total', 'employees', 'links']);
      expect(res.json).toMatchObject({ offset: 0, limit: 10, total: 3, links: [] });
      expect(res.json.employees[0]).toEqual({
        id: '1',
        name: 'Ada',
        yearOfBirth: 1980,
        state: 'internal',
        maturity: 'senior',
        links: [
          { rel: 'self', href: '/v1/employees/1' },
          { rel: 'salary', href: '/v1/employees/1/salaryStatements' },
        ],
      });
    });

    it('pages with offset/limit and page/per_page, keeping other parameters in the links', async () => {
      const c = await client();
      const res = await c.send('GET', '/v1/employees?state=internal&offset=1&limit=1');
      expect(res.json).toMatchObject({ offset: 1, limit: 1, total: 2 });
      expect(res.json.employees.map((e: { name: string }) => e.name)).toEqual(['Cleo']);
      expect(res.json.links).toEqual([{ rel: 'previousPage', href: '/v1/employees?state=internal&offset=0&limit=1' }]);
      const byPage = await c.send('GET', '/v1/employees?page=2&per_page=2');
      expect(byPage.json).toMatchObject({ offset: 2, limit: 2, total: 3 });
      const first = await c.send('GET', '/v1/employees?limit=2');
      expect(first.json.links).toEqual([{ rel: 'nextPage', href: '/v1/employees?offset=2&limit=2' }]);
    });

    it('refuses bad paging, unknown and repeated parameters with the detailed 400', async () => {
      const c = await client();
      for (const query of [
        'limit=0',
        'limit=101',
        'limit=abc',
        'offset=-1',
        'offset=1.5',
        'page=1&limit=5',
        'limit=1&limit=2',
        'colour=red',
        'state=retired',
        'sortby=state',
        'order=up&sortby=name',
        'query=',
      ]) {
        const res = await c.send('GET', `/v1/employees?${query}`);
        expect(res.status, query).toBe(400);
        expect(Object.keys(res.json).sort(), query).toEqual(['additionalInformation', 'errorCode', 'message']);
        expect(res.json.additionalInformation, query).toBe(`/v1/errors/${res.json.errorCode}`);
      }
      const bad = await c.send('GET', '/v1/employees?state=retired');
      expect(bad.json.message).toContain('internal, external');
      const unknown = await c.send('GET', '/v1/employees?colour=red');
      expect(unknown.json.message).toMatch(/state.*maturity.*sortby/);
    });

    it('filters, combines filters, sorts with order and searches case-insensitively', async () => {
      const c = await client();
      const names = async (query: string) =>
        (await c.send('GET', `/v1/employees?${query}`)).json.employees.map((e: { name: string }) => e.name);
      expect(await names('state=internal&maturity=senior')).toEqual(['Ada', 'Cleo']);
      expect(await names('sortby=yearOfBirth&order=desc')).toEqual(['Bert', 'Cleo', 'Ada']);
      expect(await names('sortby=name')).toEqual(['Ada', 'Bert', 'Cleo']);
      expect(await names('query=LE')).toEqual(['Cleo']);
      expect(await names('maturity=intermediate')).toEqual([]);
    });
  });

  describe(`${name}: single records`, () => {
    it('creates with 201, Location and a server id; the record can then be read', async () => {
      const c = await client();
      const created = await c.send('POST', '/v1/employees', {
        body: { name: 'Dora', yearOfBirth: 2000, state: 'external', maturity: 'junior' },
      });
      expect(created.status).toBe(201);
      expect(created.headers.location).toBe('/v1/employees/4');
      expect(created.json).toMatchObject({ id: '4', name: 'Dora' });
      const read = await c.send('GET', '/v1/employees/4');
      expect(read.json).toEqual(created.json);
    });

    it('refuses unknown, read-only and invalid properties with 422 listing each field, creating nothing', async () => {
      const c = await client();
      const res = await c.send('POST', '/v1/employees', {
        body: { id: '99', name: '', yearOfBirth: 1800, state: 'retired', colour: 'red' },
      });
      expect(res.status).toBe(422);
      expect(res.json.errorCode).toBe(1007);
      expect(res.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
        'colour',
        'id',
        'maturity',
        'name',
        'state',
        'yearOfBirth',
      ]);
      expect(res.json.message).toContain('internal');
      expect((await c.send('GET', '/v1/employees')).json.total).toBe(3);
    });

    it('refuses bodies that are not JSON objects', async () => {
      const c = await client();
      const asText = await c.send('POST', '/v1/employees', {
        body: '{"name":"x"}',
        headers: { 'content-type': 'text/plain' },
      });
      expect(asText.status).toBe(415);
      expect(asText.json).toEqual({ error: expect.any(String) });
      const broken = await c.send('POST', '/v1/employees', {
        body: '{"name":',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.status).toBe(400);
      const array = await c.send('POST', '/v1/employees', { body: [1] });
      expect(array.status).toBe(400);
      const proto = await c.send('POST', '/v1/employees', {
        body: '{"__proto__":{"admin":true}}',
        headers: { 'content-type': 'application/json' },
      });
      expect(proto.status).toBe(400);
    });

    it('replaces with PUT, accepting read-only values echoed unchanged and refusing changed ones', async () => {
      const c = await client();
      const current = (await c.send('GET', '/v1/employees/2')).json;
      const put = await c.send('PUT', '/v1/employees/2', { body: { ...current, maturity: 'senior' } });
      expect(put.status).toBe(200);
      expect(put.json).toEqual({ ...current, maturity: 'senior' });
      const otherId = await c.send('PUT', '/v1/employees/2', { body: { ...current, id: '3' } });
      expect(otherId.status).toBe(422);
      const missing = await c.send('PUT', '/v1/employees/2', { body: { name: 'Bert' } });
      expect(missing.status).toBe(422);
      expect((await c.send('GET', '/v1/employees/2')).json.maturity).toBe('senior');
      expect((await c.send('PUT', '/v1/employees/77', { body: { ...current, id: undefined } })).status).toBe(404);
    });

    it('merge-patches with PATCH and validates the result', async () => {
      const c = await client();
      const patched = await c.send('PATCH', '/v1/employees/1', { body: { maturity: 'intermediate' } });
      expect(patched.status).toBe(200);
      expect(patched.json).toMatchObject({ id: '1', name: 'Ada', maturity: 'intermediate' });
      const removeRequired = await c.send('PATCH', '/v1/employees/1', { body: { name: null } });
      expect(removeRequired.status).toBe(422);
      expect(removeRequired.json.errors).toEqual([{ field: 'name', message: 'Required property is missing' }]);
      const readOnly = await c.send('PATCH', '/v1/employees/1', { body: { id: '5' } });
      expect(readOnly.status).toBe(422);
    });

    it('deletes with 204; the id is then gone (410), never reused, and unknown ids are 404', async () => {
      const c = await client();
      const deleted = await c.send('DELETE', '/v1/employees/3');
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect((await c.send('GET', '/v1/employees/3')).status).toBe(410);
      expect((await c.send('DELETE', '/v1/employees/3')).status).toBe(410);
      expect((await c.send('GET', '/v1/employees/42')).status).toBe(404);
      const created = await c.send('POST', '/v1/employees', {
        body: { name: 'Eve', yearOfBirth: 1999, state: 'internal', maturity: 'junior' },
      });
      expect(created.json.id).toBe('4');
    });

    it('answers 405 with Allow for unsupported methods', async () => {
      const c = await client();
      const res = await c.send('POST', '/v1/employees/1', { body: {} });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('DELETE, GET, HEAD, OPTIONS, PATCH, PUT');
      expect(res.json).toEqual({ error: expect.stringContaining('POST') });
    });
  });

  describe(`${name}: nested collections`, () => {
    it('lists /zoos/:id/animals exactly like /animals?zoo_id=:id, with the same parameters', async () => {
      const c = await client();
      const nested = await c.send('GET', '/v1/zoos/1/animals?sortby=name&order=desc&limit=1');
      const filtered = await c.send('GET', '/v1/animals?zoo_id=1&sortby=name&order=desc&limit=1');
      expect(nested.json.animals).toEqual(filtered.json.animals);
      expect(nested.json.total).toBe(2);
      expect(nested.json.links).toEqual([
        { rel: 'nextPage', href: '/v1/zoos/1/animals?sortby=name&order=desc&offset=1&limit=1' },
      ]);
      expect((await c.send('GET', '/v1/zoos/9/animals')).status).toBe(404);
    });

    it('deletes through the parent only when the record belongs to it', async () => {
      const c = await client();
      expect((await c.send('DELETE', '/v1/zoos/2/animals/1')).status).toBe(404);
      expect((await c.send('DELETE', '/v1/zoos/1/animals/1')).status).toBe(204);
      expect((await c.send('GET', '/v1/animals/1')).status).toBe(410);
    });

    it('checks that a written parent key names an existing parent (422)', async () => {
      const c = await client();
      const res = await c.send('POST', '/v1/animals', { body: { name: 'Okapi', zooId: '9' } });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([{ field: 'zooId', message: expect.stringContaining('"9"') }]);
      const viaParent = await c.send('POST', '/v1/zoos/2/animals', { body: { name: 'Okapi' } });
      expect(viaParent.status).toBe(201);
      expect(viaParent.json.zooId).toBe('2');
    });

    it('refuses to delete a parent that still has restricted children (409), and cascades where declared', async () => {
      const c = await client();
      const refused = await c.send('DELETE', '/v1/zoos/1');
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({
        message: expect.stringContaining('animals'),
        errorCode: 1021,
        additionalInformation: expect.stringMatching(/\/1021$/),
      });
      expect((await c.send('GET', '/v1/zoos/1')).status).toBe(200);
      expect((await c.send('DELETE', '/v1/zoos')).status).toBe(409);
      await c.send('DELETE', '/v1/zoos/1/animals/1');
      await c.send('DELETE', '/v1/zoos/1/animals/2');
      expect((await c.send('DELETE', '/v1/zoos/1')).status).toBe(204);

      const statement = await c.send('POST', '/v1/employees/2/salaryStatements', {
        body: { period: '2026-03', grossAmount: 10 },
      });
      expect((await c.send('DELETE', '/v1/employees/2')).status).toBe(204);
      expect((await c.send('GET', `/v1/employees/2/salaryStatements/${statement.json.id}`)).status).toBe(410);
    });

    it('serves nested-only collections with the parent key set by the server', async () => {
      const c = await client();
      const created = await c.send('POST', '/v1/employees/1/salaryStatements', {
        body: { period: '2026-01', grossAmount: 5000 },
      });
      expect(created.status).toBe(201);
      expect(created.headers.location).toBe('/v1/employees/1/salaryStatements/1');
      expect(created.json).toMatchObject({ employeeId: '1', period: '2026-01' });
      const setOwner = await c.send('POST', '/v1/employees/1/salaryStatements', {
        body: { period: '2026-02', grossAmount: 1, employeeId: '2' },
      });
      expect(setOwner.status).toBe(422);
      const list = await c.send('GET', '/v1/employees/1/salaryStatements');
      expect(list.json).toMatchObject({ total: 1, salaryStatements: [{ id: '1' }] });
      expect((await c.send('GET', '/v1/employees/2/salaryStatements/1')).status).toBe(404);
      expect((await c.send('GET', '/v1/salaryStatements')).status).toBe(404);
    });
  });

  describe(`${name}: operations and HTTP details`, () => {
    it('runs operations with validated query parameters', async () => {
      const c = await client();
      expect((await c.send('GET', '/v1/calculate?para2=3&para2=4')).json).toEqual({ result: 7 });
      expect((await c.send('GET', '/v1/calculate?para2=3')).status).toBe(400);
      expect((await c.send('GET', '/v1/calculate?para2=3&para2=4&x=1')).status).toBe(400);
    });

    it('answers 406 to an Accept without JSON, 301 for a trailing slash, and HEAD without a body', async () => {
      const c = await client();
      expect((await c.send('GET', '/v1/employees', { headers: { accept: 'application/xml' } })).status).toBe(406);
      const moved = await c.send('GET', '/v1/employees/?limit=1');
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe('/v1/employees?limit=1');
      const head = await c.send('HEAD', '/v1/employees/1');
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
    });

    it('keeps a sane client request id and replaces an unsafe one', async () => {
      const c = await client();
      expect((await c.send('GET', '/v1', { headers: { 'x-request-id': 'abc-123' } })).headers['x-request-id']).toBe(
        'abc-123',
      );
      expect(
        (await c.send('GET', '/v1', { headers: { 'x-request-id': 'a b<script>' } })).headers['x-request-id'],
      ).not.toContain('<');
    });

    it('serves a page per error code', async () => {
      const c = await client();
      expect((await c.send('GET', '/v1/errors/1001')).json).toMatchObject({ errorCode: 1001, status: 400 });
      expect((await c.send('GET', '/v1/errors/4242')).status).toBe(404);
    });
  });
}
