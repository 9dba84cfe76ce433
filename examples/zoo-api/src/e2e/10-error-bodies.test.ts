// zoo-api.md, "Error bodies": the detailed shape for 400/409/422 with a public error page, the 401/403
// shape with WWW-Authenticate, the simple shape for every other 4xx, and X-Request-Id everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  expectAuthError,
  expectDetailedError,
  expectSimpleError,
  get,
  type Reply,
  type RunningZoo,
  startZooWithTokens,
} from './helpers.js';

describe('Error bodies', () => {
  let zoo: RunningZoo;
  let admin: string;
  let reader: string;
  beforeAll(async () => ({ zoo, admin, reader } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  /** A sample of 400 and 422 answers, from query parameters, bodies and operations. */
  const detailedErrors = async (): Promise<[string, Reply, 400 | 422][]> => [
    ['bad state', await get(zoo, '/v1/employees?state=retired', admin), 400],
    ['bad limit', await get(zoo, '/v1/animals?limit=1000', admin), 400],
    ['unknown sortby', await get(zoo, '/v1/animals?sortby=species', admin), 400],
    ['unknown parameter', await get(zoo, '/v1/zoos?colour=red', admin), 400],
    ['mixed paging', await get(zoo, '/v1/zoos?page=1&limit=5', admin), 400],
    [
      'invalid JSON',
      await call(zoo, 'POST', '/v1/zoos', { token: admin, raw: '{"name":', contentType: 'application/json' }),
      400,
    ],
    ['bad locale', await get(zoo, '/v1/translate?from=en&to=de_DE&text=lion', admin), 400],
    ['division by zero', await get(zoo, '/v1/calculate?para2=1&para2=0&operation=quotient', admin), 400],
    ['empty search', await get(zoo, '/v1/search?query=', admin), 400],
    ['missing field', await call(zoo, 'POST', '/v1/employees', { token: admin, json: { name: 'Incomplete' } }), 422],
    [
      'unknown zoo',
      await call(zoo, 'POST', '/v1/animals', {
        token: admin,
        json: { name: 'Lost', species: 'lynx', animalTypeId: 'mammal', zooId: 'no-such-zoo' },
      }),
      422,
    ],
    ['read-only id', await call(zoo, 'PATCH', '/v1/zoos/1', { token: admin, json: { id: '99' } }), 422],
  ];

  describe('400 and 422: {message, errorCode, additionalInformation}', () => {
    it('uses the detailed shape for every 400 and 422', async () => {
      for (const [label, reply, status] of await detailedErrors()) {
        expect(reply.status, label).toBe(status);
        expectDetailedError(reply, status);
        expect((reply.body.message as string).length, label).toBeGreaterThan(0);
      }
    });

    it('states the problem and the valid values: internal, external for a bad state', async () => {
      const reply = await get(zoo, '/v1/employees?state=retired', admin);
      expectDetailedError(reply, 400);
      expect(reply.body.message).toContain('state');
      expect(reply.body.message).toContain('internal, external');
    });

    it('points additionalInformation at an absolute URL of the service itself that answers 200 without a token', async () => {
      const codes = new Set<number>();
      for (const [label, reply] of await detailedErrors()) {
        const url = new URL(reply.body.additionalInformation);
        expect(url.origin, label).toBe(zoo.origin);
        const page = await fetch(url);
        expect(page.status, `${label}: ${url.href}`).toBe(200);
        expect(page.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(JSON.stringify(await page.json())).toContain(String(reply.body.errorCode));
        codes.add(reply.body.errorCode);
      }
      expect(codes.size).toBeGreaterThan(1); // different problems, different codes
    });

    it('lists each failing field of a 422 in errors: [{field, message}]', async () => {
      const reply = await call(zoo, 'POST', '/v1/employees', {
        token: admin,
        json: { name: '', yearOfBirth: 1850, state: 'retired' },
      });
      expectDetailedError(reply, 422);
      const fields = (reply.body.errors as { field: string; message: string }[]).map((e) => e.field).sort();
      expect(fields).toEqual(['maturity', 'name', 'state', 'yearOfBirth']);
      for (const error of reply.body.errors) expect(error.message.length).toBeGreaterThan(0);
    });
  });

  describe('401 and 403: {message, documentation_url} plus WWW-Authenticate: Bearer', () => {
    it('401 without a token', async () => {
      const reply = await get(zoo, '/v1/employees');
      expectAuthError(reply, 401);
      expect(reply.body.message.length).toBeGreaterThan(0);
    });

    it('401 with error="invalid_token" for a bad token', async () => {
      const reply = await get(zoo, '/v1/employees', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
      expectAuthError(reply, 401);
      expect(reply.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    });

    it('403 with error="insufficient_scope" and the needed scope', async () => {
      const reply = await get(zoo, '/v1/employees/1/salaryStatements', reader);
      expectAuthError(reply, 403);
      const challenge = reply.headers.get('www-authenticate')!;
      expect(challenge).toMatch(/error="insufficient_scope"/);
      expect(challenge).toMatch(/scope="salary:read"/);
    });

    it('documentation_url is a page of the service that answers without a token', async () => {
      for (const reply of [
        await get(zoo, '/v1/employees'),
        await get(zoo, '/v1/employees/1/salaryStatements', reader),
      ]) {
        const page = await fetch(reply.body.documentation_url);
        expect(page.status, reply.body.documentation_url).toBe(200);
      }
    });
  });

  describe('409: the detailed shape, so that a client tells the causes apart by errorCode', () => {
    it('gives a record still in use its catalogued code', async () => {
      const reply = await call(zoo, 'DELETE', '/v1/zoos/1', { token: admin });
      expectDetailedError(reply, 409);
      expect(reply.body.errorCode).toBe(1021);
      expect(reply.body.additionalInformation).toMatch(/\/1021$/);
    });
  });

  describe('every other 4xx: {"error": "<message>"}', () => {
    it('404, 405, 406, 410, 412, 413 and 415 use the simple shape', async () => {
      const created = await call(zoo, 'POST', '/v1/zoos', { token: admin, json: { name: 'Gone Zoo' } });
      await call(zoo, 'DELETE', `/v1/zoos/${created.body.id}`, { token: admin });
      const cases: [Reply, number][] = [
        [await get(zoo, '/v1/zoos/987654', admin), 404],
        [await get(zoo, '/v1/no-such-collection', admin), 404],
        [await get(zoo, '/zoos', admin), 404],
        [await get(zoo, '/v7/zoos', admin), 404],
        [await get(zoo, '/v1/zoos/no-such-zoo/animals', admin), 404],
        [await call(zoo, 'POST', '/v1/zoos/1', { token: admin, json: {} }), 405],
        [await get(zoo, '/v1/zoos', admin, { accept: 'application/xml' }), 406],
        [await get(zoo, `/v1/zoos/${created.body.id}`, admin), 410],
        [
          await call(zoo, 'PATCH', '/v1/zoos/1', {
            token: admin,
            headers: { 'if-match': '"not-the-etag"' },
            json: { city: 'X' },
          }),
          412,
        ],
        [
          await call(zoo, 'POST', '/v1/zoos', {
            token: admin,
            raw: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }),
            contentType: 'application/json',
          }),
          413,
        ],
        [await call(zoo, 'POST', '/v1/zoos', { token: admin, raw: '{}', contentType: 'text/plain' }), 415],
      ];
      for (const [reply, status] of cases) expectSimpleError(reply, status);
    });
  });

  describe('X-Request-Id', () => {
    it('is on every response, whatever the status', async () => {
      const replies: [string, Reply][] = [
        ['200', await get(zoo, '/v1/zoos', admin)],
        ['201', await call(zoo, 'POST', '/v1/customers', { token: admin, json: { name: 'Id Customer' } })],
        ['204', await call(zoo, 'DELETE', '/v1/customers/1', { token: admin })],
        ['301', await get(zoo, '/v1/zoos/', admin)],
        [
          '304',
          await get(zoo, '/v1/zoos/1', admin, {
            'if-none-match': (await get(zoo, '/v1/zoos/1', admin)).headers.get('etag')!,
          }),
        ],
        ['HEAD', await call(zoo, 'HEAD', '/v1/zoos/1', { token: admin })],
        ['OPTIONS', await call(zoo, 'OPTIONS', '/v1/zoos/1', { token: admin })],
        ['400', await get(zoo, '/v1/zoos?limit=0', admin)],
        ['401', await get(zoo, '/v1/zoos')],
        ['403', await call(zoo, 'DELETE', '/v1/zoos/1', { token: reader })],
        ['404', await get(zoo, '/nothing')],
        [
          '413',
          await call(zoo, 'POST', '/v1/zoos', {
            token: admin,
            raw: 'x'.repeat(1024 * 1024 + 1),
            contentType: 'application/json',
          }),
        ],
        ['422', await call(zoo, 'POST', '/v1/zoos', { token: admin, json: {} })],
        ['public root', await get(zoo, '/')],
      ];
      for (const [label, reply] of replies) expect(reply.headers.get('x-request-id'), label).toMatch(/^\S+$/);
      const ids = replies.map(([, reply]) => reply.headers.get('x-request-id'));
      expect(new Set(ids).size).toBe(ids.length); // one id per request
    });

    it('echoes a sane X-Request-Id the client sent, on success and on errors', async () => {
      for (const id of ['req-42', 'c0ffee00-1234-4abc-8def-0123456789ab', 'client.trace:7_A']) {
        for (const reply of [
          await get(zoo, '/v1/zoos', admin, { 'x-request-id': id }),
          await get(zoo, '/v1/zoos', undefined, { 'x-request-id': id }),
          await get(zoo, '/v1/zoos/987654', admin, { 'x-request-id': id }),
          await call(zoo, 'POST', '/v1/zoos', { token: admin, json: {}, headers: { 'x-request-id': id } }),
        ]) {
          expect(reply.headers.get('x-request-id')).toBe(id);
        }
      }
    });

    it('replaces an X-Request-Id that is not sane with its own', async () => {
      for (const id of ['x'.repeat(1000), 'has spaces in it', '<script>alert(1)</script>', '']) {
        const reply = await get(zoo, '/v1/zoos', admin, { 'x-request-id': id });
        const answered = reply.headers.get('x-request-id');
        expect(answered).toMatch(/^\S+$/);
        expect(answered).not.toBe(id);
      }
    });

    it('is on the answers of the embedded authorization server too', async () => {
      const replies: [string, Reply][] = [
        ['discovery', await get(zoo, '/oauth/.well-known/openid-configuration')],
        [
          'token',
          await call(zoo, 'POST', '/oauth/token', {
            raw: 'grant_type=client_credentials',
            contentType: 'application/x-www-form-urlencoded',
            headers: { authorization: `Basic ${Buffer.from('zoo-reader:zoo-reader-secret').toString('base64')}` },
          }),
        ],
        ['unknown oauth path', await get(zoo, '/oauth/no-such-endpoint')],
      ];
      for (const [label, reply] of replies) expect(reply.headers.get('x-request-id'), label).toMatch(/^\S+$/);
      const echoed = await get(zoo, '/oauth/.well-known/openid-configuration', undefined, {
        'x-request-id': 'oauth-req-1',
      });
      expect(echoed.headers.get('x-request-id')).toBe('oauth-req-1');
    });
  });
});
