// zoo-api.md, "HTTP semantics": ETag and conditional requests, HEAD, OPTIONS, Accept, Content-Type,
// invalid JSON, body size, trailing slashes, and the media type of every body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  expectDetailedError,
  expectSimpleError,
  get,
  type Reply,
  type RunningZoo,
  startZooWithTokens,
  waitForJob,
} from './helpers.js';

type Row = Record<string, any>;
const json = 'application/json; charset=utf-8';

/** The headers of a reply that must be equal between GET and HEAD (Date and connection handling aside). */
function comparableHeaders(reply: Reply): Record<string, string> {
  // RateLimit counts down with every request, so a GET and the HEAD after it differ in it by design.
  // Last-Event-ID may move on between the two (the process learns of commits in the background,
  // and an earlier position is always a safe one): it is compared on its own, see positionsAgree.
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'ratelimit', 'last-event-id']);
  return Object.fromEntries([...reply.headers.entries()].filter(([name]) => !skip.has(name)));
}

/** Both answers name a log position or neither does, and the HEAD's is not before the GET's. */
function expectPositionsAgree(got: Reply, head: Reply, path: string): void {
  const [before, after] = [got.headers.get('last-event-id'), head.headers.get('last-event-id')];
  expect(after === null, `HEAD ${path}: Last-Event-ID`).toBe(before === null);
  if (before !== null && after !== null && /^\d+$/.test(before) && /^\d+$/.test(after))
    expect(BigInt(after) >= BigInt(before), `HEAD ${path}: Last-Event-ID ${after} after ${before}`).toBe(true);
}

const allowOf = (reply: Reply) =>
  (reply.headers.get('allow') ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean)
    .sort();

describe('HTTP semantics', () => {
  let zoo: RunningZoo;
  let admin: string;
  let reader: string;
  beforeAll(async () => ({ zoo, admin, reader } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  describe('ETag and conditional requests', () => {
    it('members carry an ETag; If-None-Match with it answers 304 without a body', async () => {
      for (const path of [
        '/v1/zoos/1',
        '/v1/animals/1',
        '/v1/employees/1',
        '/v1/employees/1/salaryStatements/1',
        '/v1/customers/1',
        '/v1/suppliers/1',
      ]) {
        const first = await get(zoo, path, admin);
        const etag = first.headers.get('etag');
        expect(etag, path).toBeTruthy();
        const again = await get(zoo, path, admin, { 'if-none-match': etag! });
        expect(again.status, path).toBe(304);
        expect(again.text).toBe('');
        expect(again.headers.get('etag')).toBe(etag);
        const head = await call(zoo, 'HEAD', path, { token: admin });
        expect(head.headers.get('etag')).toBe(etag);
      }
    });

    it('lists carry an ETag; If-None-Match with it answers 304', async () => {
      for (const path of [
        '/v1/zoos',
        '/v1/animals?zoo_id=1&sortby=name',
        '/v1/zoos/1/animals',
        '/v1/employees?state=internal',
        '/v1/employees/1/salaryStatements',
        '/v1/customers',
        '/v1/suppliers',
      ]) {
        const first = await get(zoo, path, admin);
        const etag = first.headers.get('etag');
        expect(etag, path).toBeTruthy();
        const again = await get(zoo, path, admin, { 'if-none-match': etag! });
        expect(again.status, path).toBe(304);
        expect(again.text).toBe('');
      }
    });

    it('gives a changed member or list a new ETag, so that the old one no longer answers 304', async () => {
      const member = await get(zoo, '/v1/zoos/2', admin);
      const list = await get(zoo, '/v1/zoos', admin);
      expect((await call(zoo, 'PATCH', '/v1/zoos/2', { token: admin, json: { city: 'Zürich' } })).status).toBe(200);
      const memberAfter = await get(zoo, '/v1/zoos/2', admin, { 'if-none-match': member.headers.get('etag')! });
      expect(memberAfter.status).toBe(200);
      expect(memberAfter.body.city).toBe('Zürich');
      expect(memberAfter.headers.get('etag')).not.toBe(member.headers.get('etag'));
      const listAfter = await get(zoo, '/v1/zoos', admin, { 'if-none-match': list.headers.get('etag')! });
      expect(listAfter.status).toBe(200);
      expect(listAfter.headers.get('etag')).not.toBe(list.headers.get('etag'));
    });

    it('answers 412 to PUT, PATCH and DELETE with a stale If-Match, changing nothing', async () => {
      const stale = (await get(zoo, '/v1/employees/3', admin)).headers.get('etag')!;
      expect((await call(zoo, 'PATCH', '/v1/employees/3', { token: admin, json: { maturity: 'senior' } })).status).toBe(
        200,
      );
      const current = await get(zoo, '/v1/employees/3', admin);
      const ifMatch = { 'if-match': stale };
      const { links: _links, id: _id, ...complete } = current.body as Row;
      expectSimpleError(
        await call(zoo, 'PUT', '/v1/employees/3', {
          token: admin,
          headers: ifMatch,
          json: { ...complete, name: 'Stale Put' },
        }),
        412,
      );
      expectSimpleError(
        await call(zoo, 'PATCH', '/v1/employees/3', { token: admin, headers: ifMatch, json: { name: 'Stale Patch' } }),
        412,
      );
      expectSimpleError(await call(zoo, 'DELETE', '/v1/employees/3', { token: admin, headers: ifMatch }), 412);
      const after = await get(zoo, '/v1/employees/3', admin);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(current.body);
      expect(after.headers.get('etag')).toBe(current.headers.get('etag'));
    });

    it('carries out PUT, PATCH and DELETE whose If-Match is the current ETag', async () => {
      let etag = (await get(zoo, '/v1/customers/2', admin)).headers.get('etag')!;
      const patched = await call(zoo, 'PATCH', '/v1/customers/2', {
        token: admin,
        headers: { 'if-match': etag },
        json: { city: 'Genève' },
      });
      expect(patched.status).toBe(200);
      etag = patched.headers.get('etag') ?? (await get(zoo, '/v1/customers/2', admin)).headers.get('etag')!;
      const put = await call(zoo, 'PUT', '/v1/customers/2', {
        token: admin,
        headers: { 'if-match': etag },
        json: { name: 'Safari Put' },
      });
      expect(put.status).toBe(200);
      etag = (await get(zoo, '/v1/customers/2', admin)).headers.get('etag')!;
      expect(
        (await call(zoo, 'DELETE', '/v1/customers/2', { token: admin, headers: { 'if-match': etag } })).status,
      ).toBe(204);
    });
  });

  describe('HEAD', () => {
    it('works on every GET path: same status and headers, no body', async () => {
      const jobReply = await call(zoo, 'PUT', '/v1/zoos', {
        token: admin,
        headers: { prefer: 'respond-async' },
        json: [],
      });
      expect(jobReply.status).toBe(202);
      // The job's writes move the change log's position (Last-Event-ID): let them land first.
      await waitForJob(zoo, jobReply.headers.get('location')!, admin);
      const errorPage = (await get(zoo, '/v1/employees?state=retired', admin)).body.additionalInformation as string;
      const paths: [string, string | undefined][] = [
        ['/', undefined],
        ['/v1', undefined],
        [errorPage, undefined],
        ['/v1/zoos', admin],
        ['/v1/zoos/1', admin],
        ['/v1/zoos/1/animals?sortby=name&limit=3', admin],
        ['/v1/animals?animal_type_id=bird', admin],
        ['/v1/animals/1', admin],
        ['/v1/employees?state=internal&maturity=senior', admin],
        ['/v1/employees/1', admin],
        ['/v1/employees/1/salaryStatements', admin],
        ['/v1/employees/1/salaryStatements/1', admin],
        ['/v1/customers', admin],
        ['/v1/customers/1', admin],
        ['/v1/suppliers', admin],
        ['/v1/search?query=zoo', admin],
        ['/v1/translate?from=en_US&to=de_DE&text=lion', admin],
        ['/v1/calculate?para2=3&para2=4', admin],
        [jobReply.headers.get('location')!, admin],
        // error answers too
        ['/v1/zoos', undefined],
        ['/v1/zoos/987654', admin],
        ['/v1/zoos?limit=0', admin],
        ['/v2/zoos', admin],
        ['/v1/zoos/', admin],
        ['/oauth/.well-known/openid-configuration', undefined],
      ];
      for (const [path, token] of paths) {
        const headers = { 'x-request-id': 'head-vs-get-1' };
        const got = await call(zoo, 'GET', path, { ...(token ? { token } : {}), headers });
        const head = await call(zoo, 'HEAD', path, { ...(token ? { token } : {}), headers });
        expect(head.status, `HEAD ${path}`).toBe(got.status);
        expect(comparableHeaders(head), `HEAD ${path}`).toEqual(comparableHeaders(got));
        expectPositionsAgree(got, head, path);
        expect(head.text, `HEAD ${path}`).toBe('');
      }
    });
  });

  describe('OPTIONS', () => {
    const fields: [string, string[]][] = [
      ['/v1/zoos', ['name', 'city']],
      ['/v1/zoos/1', ['name', 'city']],
      ['/v1/animals', ['name', 'species', 'animalTypeId', 'zooId', 'yearOfBirth']],
      ['/v1/animals/1', ['name', 'species', 'animalTypeId', 'zooId', 'yearOfBirth']],
      ['/v1/employees', ['name', 'yearOfBirth', 'state', 'maturity']],
      ['/v1/employees/1', ['name', 'yearOfBirth', 'state', 'maturity']],
      ['/v1/employees/1/salaryStatements', ['period', 'grossAmount', 'currency']],
      ['/v1/employees/1/salaryStatements/1', ['period', 'grossAmount', 'currency']],
      ['/v1/customers', ['name', 'email', 'city']],
      ['/v1/customers/1', ['name', 'email', 'city']],
      ['/v1/suppliers', ['name', 'email', 'city']],
      ['/v1/suppliers/1', ['name', 'email', 'city']],
    ];

    it.each(fields)(
      '%s answers 200 with Allow and {allow, writable, readOnly}: the writable fields for zoo-admin',
      async (path, writable) => {
        const reply = await call(zoo, 'OPTIONS', path, { token: admin });
        expect(reply.status).toBe(200);
        expect(reply.headers.get('content-type')).toBe(json);
        expect(Object.keys(reply.body).sort()).toEqual(['allow', 'readOnly', 'writable']);
        expect([...reply.body.allow].sort()).toEqual(allowOf(reply));
        expect(reply.body.allow).toContain('GET');
        expect([...reply.body.writable].sort()).toEqual([...writable].sort());
        expect(reply.body.readOnly).toContain('id');
        for (const field of writable) expect(reply.body.readOnly).not.toContain(field);
      },
    );

    it('lists the member and collection methods in allow', async () => {
      const member = await call(zoo, 'OPTIONS', '/v1/zoos/1', { token: admin });
      expect(member.body.allow).toEqual(expect.arrayContaining(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']));
      expect(member.body.allow).not.toContain('POST');
      const collection = await call(zoo, 'OPTIONS', '/v1/zoos', { token: admin });
      expect(collection.body.allow).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'DELETE']));
    });

    it('answers writable: [] for zoo-reader, who may change nothing', async () => {
      for (const [path] of fields.filter(([p]) => !p.includes('salaryStatements'))) {
        const reply = await call(zoo, 'OPTIONS', path, { token: reader });
        expect(reply.status, path).toBe(200);
        expect(reply.body.writable, path).toEqual([]);
        expect(reply.body.readOnly).toContain('id');
      }
    });

    it('answers writable: [] for a zoo-admin token limited to zoo:read', async () => {
      const readOnly = await zoo.token('zoo-admin', 'zoo:read');
      for (const path of ['/v1/zoos', '/v1/zoos/1', '/v1/animals/1']) {
        const reply = await call(zoo, 'OPTIONS', path, { token: readOnly });
        expect(reply.status, path).toBe(200);
        expect(reply.body.writable, path).toEqual([]);
      }
    });

    it('needs a token like GET', async () => {
      const reply = await call(zoo, 'OPTIONS', '/v1/zoos');
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: expect.any(String), documentation_url: expect.any(String) });
    });
  });

  describe('Accept', () => {
    it.each(['application/xml', 'text/plain'])('answers 406 for Accept: %s', async (accept) => {
      for (const [path, token] of [
        ['/v1/zoos', admin],
        ['/v1/zoos/1', admin],
        ['/v1', undefined],
        ['/', undefined],
        ['/v1/search?query=zoo', admin],
      ] as const) {
        const reply = await get(zoo, path, token, { accept });
        expectSimpleError(reply, 406);
      }
    });

    // The browsable API (the admin plugin): lists and records send a browser to their admin view;
    // the root documents and operations have no HTML, and answer as before (406 without JSON).
    it.each([
      ['text/html', 406],
      ['application/json;q=0, text/html', 406],
      ['text/html, application/json;q=0.5', 200],
    ] as const)('sends Accept: %s on lists and records to the admin (303); elsewhere %i', async (accept, elsewhere) => {
      for (const path of ['/v1/zoos', '/v1/zoos/1']) {
        const reply = await call(zoo, 'GET', path, { token: admin, headers: { accept } });
        expect(reply.status, path).toBe(303);
        expect(reply.headers.get('location'), path).toBe(`/admin${path}`);
      }
      for (const [path, token] of [
        ['/v1', undefined],
        ['/', undefined],
        ['/v1/search?query=zoo', admin],
      ] as const) {
        const reply = await get(zoo, path, token, { accept });
        if (elsewhere === 406) expectSimpleError(reply, 406);
        else expect(reply.headers.get('content-type'), path).toBe(json);
      }
    });

    it.each([
      'application/json',
      'application/json; charset=utf-8',
      '*/*',
      'application/*',
      'application/json, text/html;q=0.5',
      'application/xml;q=0.9, */*;q=0.1',
    ])('answers 200 for Accept: %s', async (accept) => {
      const reply = await get(zoo, '/v1/zoos/1', admin, { accept });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe(json);
    });
  });

  describe('request bodies', () => {
    it('answers 415 to a body that is not application/json, creating or changing nothing', async () => {
      const before = (await get(zoo, '/v1/zoos', admin)).body.total;
      const original = (await get(zoo, '/v1/zoos/3', admin)).body;
      const body = JSON.stringify({ name: 'Plain Zoo' });
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        expectSimpleError(await call(zoo, 'POST', '/v1/zoos', { token: admin, raw: body, contentType }), 415);
        expectSimpleError(await call(zoo, 'PUT', '/v1/zoos/3', { token: admin, raw: body, contentType }), 415);
        expectSimpleError(await call(zoo, 'PATCH', '/v1/zoos/3', { token: admin, raw: body, contentType }), 415);
      }
      expect((await get(zoo, '/v1/zoos', admin)).body.total).toBe(before);
      expect((await get(zoo, '/v1/zoos/3', admin)).body).toEqual(original);
    });

    it('accepts application/json with a charset', async () => {
      const reply = await call(zoo, 'POST', '/v1/zoos', {
        token: admin,
        raw: JSON.stringify({ name: 'Charset Zoo' }),
        contentType: 'application/json; charset=utf-8',
      });
      expect(reply.status).toBe(201);
    });

    it('answers 400 to a body that is not valid JSON', async () => {
      for (const [method, path] of [
        ['POST', '/v1/zoos'],
        ['PUT', '/v1/zoos/3'],
        ['PATCH', '/v1/zoos/3'],
        ['PUT', '/v1/zoos'],
      ] as const) {
        for (const raw of ['{"name":', "{'name':'x'}", '{name: "x"}', '']) {
          const reply = await call(zoo, method, path, { token: admin, raw, contentType: 'application/json' });
          if (raw === '' && reply.status === 422) continue; // an empty body may also be read as "no properties"
          expectDetailedError(reply, 400);
        }
      }
    });

    it('answers 413 to a body larger than 1 MiB, creating nothing', async () => {
      const before = (await get(zoo, '/v1/zoos', admin)).body.total;
      const huge = JSON.stringify({ name: 'Huge Zoo', city: 'x'.repeat(1024 * 1024) });
      expect(Buffer.byteLength(huge)).toBeGreaterThan(1024 * 1024);
      const reply = await call(zoo, 'POST', '/v1/zoos', { token: admin, raw: huge, contentType: 'application/json' });
      expectSimpleError(reply, 413);
      expect((await get(zoo, '/v1/zoos', admin)).body.total).toBe(before);
    });

    it('does not answer 413 to a body of exactly 1 MiB', async () => {
      const prefix = '{"name":"Big Zoo","city":"';
      const suffix = '"}';
      const exact = prefix + 'y'.repeat(1024 * 1024 - prefix.length - suffix.length) + suffix;
      expect(Buffer.byteLength(exact)).toBe(1024 * 1024);
      const reply = await call(zoo, 'POST', '/v1/zoos', { token: admin, raw: exact, contentType: 'application/json' });
      expect(reply.status).not.toBe(413);
      expect([201, 422]).toContain(reply.status);
    });
  });

  describe('trailing slashes', () => {
    it.each([
      ['/v1/zoos/?limit=2&sortby=name', '/v1/zoos?limit=2&sortby=name'],
      ['/v1/zoos/1/', '/v1/zoos/1'],
      ['/v1/zoos/1/animals/?limit=1&order=desc&sortby=name', '/v1/zoos/1/animals?limit=1&order=desc&sortby=name'],
      ['/v1/employees/1/salaryStatements/', '/v1/employees/1/salaryStatements'],
      ['/v1/search/?query=zoo', '/v1/search?query=zoo'],
      ['/v1/', '/v1'],
    ])('GET and HEAD %s answer 301 to %s', async (path, target) => {
      for (const method of ['GET', 'HEAD']) {
        const reply = await call(zoo, method, path, { token: admin });
        expect(reply.status, `${method} ${path}`).toBe(301);
        expect(new URL(reply.headers.get('location')!, zoo.origin).href).toBe(new URL(target, zoo.origin).href);
      }
      expect((await get(zoo, target, admin)).status).toBe(200);
    });
  });

  describe('media type of bodies', () => {
    it('is application/json; charset=utf-8 on every body, and there is no body on 204, 304 and HEAD', async () => {
      const replies: [string, Reply][] = [
        ['200 /', await get(zoo, '/')],
        ['200 list', await get(zoo, '/v1/animals', admin)],
        ['201', await call(zoo, 'POST', '/v1/zoos', { token: admin, json: { name: 'Typed Zoo' } })],
        ['202', await call(zoo, 'PUT', '/v1/zoos', { token: admin, headers: { prefer: 'respond-async' }, json: [] })],
        ['301', await get(zoo, '/v1/zoos/', admin)],
        ['400', await get(zoo, '/v1/zoos?limit=0', admin)],
        ['401', await get(zoo, '/v1/zoos')],
        ['403', await call(zoo, 'DELETE', '/v1/zoos/1', { token: reader })],
        ['404', await get(zoo, '/v1/zoos/987654', admin)],
        ['404 no version', await get(zoo, '/nothing-here')],
        ['405', await call(zoo, 'POST', '/v1/zoos/1', { token: admin, json: {} })],
        ['406', await get(zoo, '/v1/zoos', admin, { accept: 'application/xml' })],
        ['415', await call(zoo, 'POST', '/v1/zoos', { token: admin, raw: 'x', contentType: 'text/plain' })],
        ['422', await call(zoo, 'POST', '/v1/zoos', { token: admin, json: {} })],
        ['error page', await get(zoo, (await get(zoo, '/v1/zoos?limit=0', admin)).body.additionalInformation)],
      ];
      for (const [label, reply] of replies) {
        expect(reply.headers.get('content-type'), label).toBe(json);
        expect(() => JSON.parse(reply.text), label).not.toThrow();
      }
      const created = replies.find(([label]) => label === '201')![1];
      const deleted = await call(zoo, 'DELETE', `/v1/zoos/${created.body.id}`, { token: admin });
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      const etag = (await get(zoo, '/v1/zoos/1', admin)).headers.get('etag')!;
      const notModified = await get(zoo, '/v1/zoos/1', admin, { 'if-none-match': etag });
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe('');
      expect((await call(zoo, 'HEAD', '/v1/zoos/1', { token: admin })).text).toBe('');
    });

    it('is JSON for the answers of the embedded authorization server too', async () => {
      const discovery = await get(zoo, '/oauth/.well-known/openid-configuration');
      expect(discovery.headers.get('content-type')).toBe(json);
      const answers: [string, Reply][] = [
        ['discovery', discovery],
        [
          'token error',
          await call(zoo, 'POST', discovery.body.token_endpoint, {
            raw: 'grant_type=client_credentials&client_id=nobody&client_secret=x',
            contentType: 'application/x-www-form-urlencoded',
          }),
        ],
        ['unknown /oauth path', await get(zoo, '/oauth/no-such-endpoint')],
        [
          'authorization_endpoint it advertises',
          await get(zoo, discovery.body.authorization_endpoint ?? '/oauth/auth'),
        ],
      ];
      const notJson = answers
        .filter(([, reply]) => reply.headers.get('content-type') !== json)
        .map(([label, reply]) => `${label}: ${reply.status} ${reply.headers.get('content-type')}`);
      expect(notJson).toEqual([]);
    });
  });
});
