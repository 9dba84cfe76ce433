import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contractChecker } from './testing/contract.js';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

let zoo: RunningZoo;
let admin: string;
let reader: string;
let contract: ReturnType<typeof contractChecker>;

/** Sends a request and checks the answer against the OpenAPI document the service publishes. */
async function send(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${zoo.origin}${path}`, {
    method,
    headers,
    redirect: 'manual',
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  contract.check(method, path, res.status, text, res.headers);
  return {
    status: res.status,
    headers: res.headers,
    json: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
  };
}

beforeAll(async () => {
  // Deliveries may go to port 1 of loopback, where nothing listens: attempts fail at once and are listed.
  zoo = await startZoo({ WEBHOOK_ALLOW: '127.0.0.1:1' });
  await zoo.ready();
  admin = await zoo.token('zoo-admin');
  reader = await zoo.token('zoo-reader');
  contract = contractChecker(await (await fetch(`${zoo.origin}/v1/openapi.json`)).json());
});
afterAll(() => zoo.close());

describe('every answer matches the published OpenAPI document', () => {
  it('meta paths', async () => {
    expect((await send('GET', '/')).status).toBe(200);
    expect((await send('GET', '/v1')).status).toBe(200);
    expect((await send('GET', '/v1/errors')).status).toBe(200);
    expect((await send('GET', '/v1/errors/1007')).status).toBe(200);
    expect((await send('GET', '/v1/errors/9999')).status).toBe(404);
    expect((await send('HEAD', '/v1')).status).toBe(200);
    expect((await send('GET', '/v1?x=1')).status).toBe(400);
    // The documentation pages are public endpoints of the document too.
    expect((await send('GET', '/v1/openapi.json')).status).toBe(200);
    expect((await send('GET', '/v1/docs/no-such-file.js')).status).toBe(404);
    expect(contract.checked).toContain('GET /v1/openapi.json 200');
    expect(contract.checked).toContain('GET /v1/docs/{file} 404');
  });

  it('every collection: lists, records, options, writes and their errors', async () => {
    const samples: Record<string, unknown> = {
      zoos: { name: 'Basel Zoo', city: 'Basel' },
      animals: { name: 'Okapi', species: 'okapi', animalTypeId: 'mammal', zooId: '1' },
      employees: { name: 'Nora Frei', yearOfBirth: 1991, state: 'internal', maturity: 'junior' },
      customers: { name: 'School', email: 'office@school.example' },
      suppliers: { name: 'Hay Ltd', city: 'Bern' },
    };
    for (const [name, sample] of Object.entries(samples)) {
      const base = `/v1/${name}`;
      expect((await send('GET', `${base}?limit=2&offset=1`, { token: admin })).status).toBe(200);
      expect((await send('GET', `${base}?limit=0`, { token: admin })).status).toBe(400);
      expect((await send('GET', base)).status).toBe(401);
      const created = await send('POST', base, { token: admin, body: sample });
      expect(created.status).toBe(201);
      const member = `${base}/${created.json.id}`;
      const read = await send('GET', member, { token: admin });
      expect(
        (await send('GET', member, { token: admin, headers: { 'if-none-match': read.headers.get('etag')! } })).status,
      ).toBe(304);
      expect((await send('HEAD', member, { token: admin })).status).toBe(200);
      expect((await send('OPTIONS', member, { token: reader })).status).toBe(200);
      expect((await send('PUT', member, { token: admin, body: read.json })).status).toBe(200);
      expect(
        (
          await send('PATCH', member, {
            token: admin,
            body: { name: 'Renamed' },
            headers: { 'content-type': 'application/merge-patch+json' },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await send('PATCH', member, {
            token: admin,
            body: { name: 'Stale' },
            headers: { 'if-match': read.headers.get('etag')! },
          })
        ).status,
      ).toBe(412);
      expect((await send('PATCH', member, { token: admin, body: { id: 'other' } })).status).toBe(422);
      expect((await send('POST', base, { token: admin, body: 'not json' })).status).toBe(400);
      expect(
        (await send('POST', base, { token: admin, body: 'x', headers: { 'content-type': 'text/plain' } })).status,
      ).toBe(415);
      expect((await send('POST', base, { token: reader, body: sample })).status).toBe(403);
      expect((await send('POST', member, { token: admin, body: sample })).status).toBe(405);
      expect((await send('GET', member, { token: admin, headers: { accept: 'application/xml' } })).status).toBe(406);
      expect((await send('DELETE', member, { token: admin })).status).toBe(204);
      expect((await send('GET', member, { token: admin })).status).toBe(410);
      expect((await send('GET', `${base}/999999`, { token: admin })).status).toBe(404);
      expect((await send('GET', `${base}/`, { token: admin })).status).toBe(301);
    }
  });

  it('nested collections and bulk operations', async () => {
    expect((await send('GET', '/v1/zoos/1/animals?sortby=name', { token: admin })).status).toBe(200);
    expect((await send('GET', '/v1/zoos/999/animals', { token: admin })).status).toBe(404);
    expect((await send('DELETE', '/v1/zoos/2/animals/1', { token: admin })).status).toBe(404);
    expect((await send('GET', '/v1/employees/1/salaryStatements', { token: admin })).status).toBe(200);
    const statement = await send('POST', '/v1/employees/1/salaryStatements', {
      token: admin,
      body: { period: '2026-11', grossAmount: 4100, currency: 'EUR' },
    });
    expect(statement.status).toBe(201);
    expect((await send('GET', `/v1/employees/1/salaryStatements/${statement.json.id}`, { token: admin })).status).toBe(
      200,
    );
    expect(
      (
        await send('POST', '/v1/employees/1/salaryStatements', {
          token: admin,
          body: { period: 'soon', grossAmount: -1, currency: 'euro' },
        })
      ).status,
    ).toBe(422);
    const customers = await send('GET', '/v1/customers?limit=2', { token: admin });
    expect((await send('PUT', '/v1/customers', { token: admin, body: customers.json.customers })).status).toBe(200);
    expect((await send('PUT', '/v1/customers', { token: admin, body: [{ id: '1', name: '' }] })).status).toBe(422);
    const job = await send('DELETE', '/v1/suppliers', { token: admin, headers: { prefer: 'respond-async' } });
    expect(job.status).toBe(202);
    await vi.waitFor(async () =>
      expect((await send('GET', job.headers.get('location')!, { token: admin })).json).toMatchObject({
        status: 'succeeded',
      }),
    );
    expect((await send('DELETE', '/v1/suppliers', { token: admin, headers: { 'if-match': '"r0"' } })).status).toBe(412);
  });

  it('operations', async () => {
    expect((await send('GET', '/v1/translate?from=en_US&to=fr_FR&text=lion', { token: reader })).status).toBe(200);
    expect((await send('GET', '/v1/translate?from=english&to=fr_FR&text=lion', { token: reader })).status).toBe(400);
    expect((await send('GET', '/v1/calculate?para2=6&para2=3&operation=quotient', { token: reader })).status).toBe(200);
    expect((await send('GET', '/v1/calculate?para2=6&para2=0&operation=quotient', { token: reader })).status).toBe(400);
    expect((await send('GET', '/v1/search?query=zoo&per_page=3&page=2', { token: reader })).status).toBe(200);
    expect((await send('GET', '/v1/search?query=', { token: reader })).status).toBe(400);
    expect((await send('GET', '/v1/search?query=zoo')).status).toBe(401);
  });

  it('webhook subscriptions, their deliveries and dead letters', async () => {
    const hook = { url: 'http://127.0.0.1:1/hook', events: ['animals.created'] };
    const made = await send('POST', '/v1/webhooks', { token: admin, body: hook });
    expect(made.status).toBe(201);
    expect(made.json.secret).toMatch(/^whsec_/);
    const member = `/v1/webhooks/${made.json.id}`;
    expect((await send('POST', '/v1/webhooks', { token: reader, body: hook })).status).toBe(403);
    expect(
      (await send('POST', '/v1/webhooks', { token: admin, body: { ...hook, events: ['nope.created'] } })).status,
    ).toBe(422);
    expect((await send('POST', '/v1/webhooks', { token: admin, body: 'not json' })).status).toBe(400);
    expect((await send('GET', '/v1/webhooks?limit=5', { token: admin })).json.total).toBeGreaterThan(0);
    expect((await send('GET', '/v1/webhooks?limit=0', { token: admin })).status).toBe(400);
    expect((await send('GET', '/v1/webhooks')).status).toBe(401);
    const read = await send('GET', member, { token: admin });
    expect(read.status).toBe(200);
    expect((await send('HEAD', member, { token: admin })).status).toBe(200);
    expect((await send('GET', '/v1/webhooks/no-such-id', { token: admin })).status).toBe(404);
    const patched = await send('PATCH', member, {
      token: admin,
      body: { events: ['animals.*'], filter: { animal_type_id: 'mammal' } },
      headers: { 'if-match': read.headers.get('etag')! },
    });
    expect(patched.status).toBe(200);
    const stale = { token: admin, body: { filter: null }, headers: { 'if-match': read.headers.get('etag')! } };
    expect((await send('PATCH', member, stale)).status).toBe(412);
    expect((await send('PATCH', member, { token: admin, body: { status: 'paused' } })).status).toBe(422);
    expect((await send('POST', `${member}/secret`, { token: admin })).status).toBe(200);
    const animal = { name: 'Okapi', species: 'okapi', animalTypeId: 'mammal', zooId: '1' };
    expect((await send('POST', '/v1/animals', { token: admin, body: animal })).status).toBe(201);
    // Nothing listens on port 1: the first attempt fails, is listed, and can be asked for again.
    const attempts = await vi.waitFor(
      async () => {
        const page = await send('GET', `${member}/deliveries?per_page=5`, { token: admin });
        expect(page.json.deliveries.length).toBeGreaterThan(0);
        return page.json.deliveries;
      },
      { timeout: 10_000, interval: 100 },
    );
    const resend = { token: admin, body: { position: attempts[0].position } };
    expect((await send('POST', `${member}/deliveries`, resend)).status).toBe(202);
    expect((await send('POST', `${member}/deliveries`, { token: admin, body: {} })).status).toBe(422);
    expect((await send('GET', `${member}/dead-letters`, { token: admin })).status).toBe(200);
    expect((await send('GET', `${member}/deliveries`, { token: reader })).status).toBe(403);
    expect((await send('DELETE', member, { token: admin })).status).toBe(204);
    expect((await send('GET', `${member}/deliveries`, { token: admin })).status).toBe(404);
    for (const operation of [
      'POST /v1/webhooks 201',
      'GET /v1/webhooks 200',
      'GET /v1/webhooks/{id} 200',
      'PATCH /v1/webhooks/{id} 200',
      'DELETE /v1/webhooks/{id} 204',
      'POST /v1/webhooks/{id}/secret 200',
      'GET /v1/webhooks/{id}/deliveries 200',
      'POST /v1/webhooks/{id}/deliveries 202',
      'GET /v1/webhooks/{id}/dead-letters 200',
    ])
      expect(contract.checked).toContain(operation);
  });

  it('would catch an answer that breaks the document', () => {
    expect(() => contract.check('GET', '/v1/zoos/1', 200, JSON.stringify({ id: '1', links: [] }))).toThrow(
      /does not match/,
    );
    expect(() => contract.check('GET', '/v1/zoos/1', 418, '{}')).toThrow(/not documented/);
    expect(() =>
      contract.check(
        'GET',
        '/v1/zoos',
        200,
        JSON.stringify({ offset: 0, limit: 10, total: 0, zoos: [], links: [], extra: 1 }),
      ),
    ).toThrow(/does not match/);
    expect(() => contract.check('PATCH', '/v1/zoos', 200, '{}')).toThrow(/not documented/);
    // With fields, only id and links must come; without, the whole record.
    const partial = JSON.stringify({ id: '1', name: 'Zoo', links: [] });
    expect(() => contract.check('GET', '/v1/zoos/1?fields=name', 200, partial)).not.toThrow();
    expect(() => contract.check('GET', '/v1/zoos/1?fields=name', 200, '{"name":"Zoo"}')).toThrow(/does not match/);
    const sent = (headers: Record<string, string>) => new Headers({ 'x-request-id': 'a', vary: 'Origin', ...headers });
    expect(() => contract.check('GET', '/v1/zoos/1?fields=name', 200, partial, sent({}))).toThrow(
      /required header ETag missing/,
    );
    expect(() =>
      contract.check('GET', '/v1/zoos/1?fields=name', 200, partial, sent({ etag: '"1"', 'x-secret': '1' })),
    ).toThrow(/x-secret sent but not documented/);
  });

  it('covered a good share of the documented operations', () => {
    expect(contract.checked.size).toBeGreaterThan(120);
  });
});
