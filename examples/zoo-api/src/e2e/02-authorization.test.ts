// zoo-api.md, "Authorization server (embedded default) and scopes".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectAuthError, get, jwtParts, type Reply, type RunningZoo, startZoo } from './helpers.js';

const everyScope = [
  'zoo:read',
  'zoo:write',
  'staff:read',
  'staff:write',
  'salary:read',
  'salary:write',
  'crm:read',
  'crm:write',
  'webhooks:write',
];
const readerScopes = ['zoo:read', 'staff:read', 'crm:read'];
const secretOf = (clientId: string) => `${clientId}-secret`;

/** The discovery document, as a client would read it first. */
async function discover(zoo: RunningZoo): Promise<Record<string, unknown>> {
  const reply = await get(zoo, '/oauth/.well-known/openid-configuration');
  expect(reply.status).toBe(200);
  return reply.body;
}

/** A client-credentials token request at the discovered token endpoint. */
async function requestToken(
  tokenEndpoint: string,
  clientId: string,
  secret: string,
  how: 'client_secret_basic' | 'client_secret_post',
  scope?: string,
): Promise<Reply> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (how === 'client_secret_basic')
    headers.authorization = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  else {
    form.set('client_id', clientId);
    form.set('client_secret', secret);
  }
  const res = await fetch(tokenEndpoint, { method: 'POST', headers, body: form.toString() });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
}

const scopesOf = (reply: Reply) => (reply.body.scope as string).split(' ').sort();

describe('Authorization server and scopes', () => {
  let zoo: RunningZoo;
  let tokenEndpoint: string;
  let admin: string;
  beforeAll(async () => {
    zoo = await startZoo();
    tokenEndpoint = (await discover(zoo)).token_endpoint as string;
    admin = await zoo.token('zoo-admin');
  });
  afterAll(() => zoo.close());

  describe('the embedded authorization server', () => {
    it('publishes a discovery document at /oauth/.well-known/openid-configuration, without a token', async () => {
      const discovery = await discover(zoo);
      expect(discovery.issuer).toBe(`${zoo.origin}/oauth`);
      expect(discovery.token_endpoint).toEqual(expect.stringMatching(/^https?:\/\//));
      expect(discovery.grant_types_supported).toContain('client_credentials');
      expect(discovery.token_endpoint_auth_methods_supported).toEqual(
        expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
      );
      expect(discovery.jwks_uri).toEqual(expect.any(String));
    });

    it('issues a token with client_secret_basic at its token_endpoint', async () => {
      const reply = await requestToken(tokenEndpoint, 'zoo-reader', secretOf('zoo-reader'), 'client_secret_basic');
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ access_token: expect.any(String), expires_in: expect.any(Number) });
      expect((reply.body.token_type as string).toLowerCase()).toBe('bearer');
      expect((await get(zoo, '/v1/zoos', reply.body.access_token)).status).toBe(200);
    });

    it('issues a token with client_secret_post at its token_endpoint', async () => {
      const reply = await requestToken(tokenEndpoint, 'zoo-reader', secretOf('zoo-reader'), 'client_secret_post');
      expect(reply.status).toBe(200);
      expect((await get(zoo, '/v1/zoos', reply.body.access_token)).status).toBe(200);
    });

    it('refuses a wrong client secret', async () => {
      for (const how of ['client_secret_basic', 'client_secret_post'] as const) {
        const reply = await requestToken(tokenEndpoint, 'zoo-reader', 'not-the-secret', how);
        expect([400, 401]).toContain(reply.status);
        expect(reply.body.error).toBe('invalid_client');
        expect(reply.body.access_token).toBeUndefined();
      }
    });

    it('gives a token request without scope every scope the client is allowed', async () => {
      const adminReply = await requestToken(tokenEndpoint, 'zoo-admin', secretOf('zoo-admin'), 'client_secret_basic');
      expect(scopesOf(adminReply)).toEqual([...everyScope].sort());
      expect((jwtParts(adminReply.body.access_token).payload.scope as string).split(' ').sort()).toEqual(
        [...everyScope].sort(),
      );
      const readerReply = await requestToken(tokenEndpoint, 'zoo-reader', secretOf('zoo-reader'), 'client_secret_post');
      expect(scopesOf(readerReply)).toEqual([...readerScopes].sort());
      expect((jwtParts(readerReply.body.access_token).payload.scope as string).split(' ').sort()).toEqual(
        [...readerScopes].sort(),
      );
    });

    it('gives exactly the scope asked for, and no scope the client is not allowed', async () => {
      const narrow = await requestToken(
        tokenEndpoint,
        'zoo-admin',
        secretOf('zoo-admin'),
        'client_secret_basic',
        'zoo:read',
      );
      expect(narrow.status).toBe(200);
      expect(scopesOf(narrow)).toEqual(['zoo:read']);
      const beyond = await requestToken(
        tokenEndpoint,
        'zoo-reader',
        secretOf('zoo-reader'),
        'client_secret_basic',
        'salary:read',
      );
      expect(beyond.body.access_token).toBeUndefined();
      expect(beyond.status).toBe(400);
      expect(beyond.body.error).toBe('invalid_scope');
    });

    it('issues signed JWTs with iss, aud and exp, whose key is in the issuer JWKS', async () => {
      const { header, payload } = jwtParts(admin);
      expect(header.alg).not.toBe('none');
      expect(payload.iss).toBe(`${zoo.origin}/oauth`);
      expect(payload.aud).toBeDefined();
      expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
      const jwks = await get(zoo, (await discover(zoo)).jwks_uri as string);
      expect(jwks.status).toBe(200);
      expect((jwks.body.keys as { kid: string }[]).map((k) => k.kid)).toContain(header.kid);
    });
  });

  describe('the API checks tokens', () => {
    it('answers 401 with {message, documentation_url} and a Bearer challenge without a token', async () => {
      const reply = await get(zoo, '/v1/zoos');
      expectAuthError(reply, 401);
    });

    it('answers 401 with error="invalid_token" for a token that is not a token', async () => {
      const reply = await get(zoo, '/v1/zoos', 'not-a-token');
      expectAuthError(reply, 401);
      expect(reply.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    });

    it('answers 401 with error="invalid_token" for a token whose signature does not match', async () => {
      const [header, payload, signature] = admin.split('.');
      const tampered = `${header}.${payload}.${signature!.slice(0, -4)}${signature!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
      const reply = await get(zoo, '/v1/zoos', tampered);
      expectAuthError(reply, 401);
      expect(reply.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    });

    it('refuses a token of another issuer', async () => {
      const other = await startZoo();
      try {
        const foreign = await other.token('zoo-admin');
        const reply = await get(zoo, '/v1/zoos', foreign);
        expectAuthError(reply, 401);
        expect(reply.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
      } finally {
        await other.close();
      }
    });

    it('refuses a token in the query string, alone or beside the Authorization header', async () => {
      for (const reply of [
        await get(zoo, `/v1/zoos?access_token=${admin}`),
        await get(zoo, `/v1/zoos?access_token=${admin}`, admin),
      ]) {
        expect([400, 401]).toContain(reply.status);
        expect(reply.body.zoos).toBeUndefined();
      }
    });

    it('accepts the token only as "Authorization: Bearer"', async () => {
      const asBasic = await call(zoo, 'GET', '/v1/zoos', {
        headers: { authorization: `Basic ${Buffer.from(`x:${admin}`).toString('base64')}` },
      });
      expect(asBasic.status).toBe(401);
      expect((await get(zoo, '/v1/zoos', admin)).status).toBe(200);
    });
  });

  describe('public paths and paths that need a token', () => {
    it('serves GET /, GET /v1 and the error-code pages without a token', async () => {
      expect((await get(zoo, '/')).status).toBe(200);
      expect((await get(zoo, '/v1')).status).toBe(200);
      const error = await get(zoo, '/v1/employees?state=retired', admin);
      expect(error.status).toBe(400);
      expect((await get(zoo, error.body.additionalInformation)).status).toBe(200);
    });

    it('answers 401 for everything else under /v1 without a token', async () => {
      const paths = [
        '/v1/zoos',
        '/v1/zoos/1',
        '/v1/zoos/1/animals',
        '/v1/animals',
        '/v1/animals/1',
        '/v1/employees',
        '/v1/employees/1',
        '/v1/employees/1/salaryStatements',
        '/v1/customers',
        '/v1/suppliers',
        '/v1/search?query=zoo',
        '/v1/translate?from=en_US&to=de_DE&text=lion',
        '/v1/calculate?para2=3&para2=4',
      ];
      for (const path of paths) {
        const reply = await get(zoo, path);
        expect(reply.status, path).toBe(401);
        expectAuthError(reply, 401);
      }
      expect((await call(zoo, 'OPTIONS', '/v1/zoos')).status).toBe(401);
      expect((await call(zoo, 'POST', '/v1/zoos', { json: { name: 'No Token Zoo' } })).status).toBe(401);
      expect((await call(zoo, 'DELETE', '/v1/zoos/1')).status).toBe(401);
    });
  });

  describe('scopes per collection', () => {
    const reads: Record<string, string[]> = {
      'zoo:read': ['/v1/zoos', '/v1/zoos/1', '/v1/zoos/1/animals', '/v1/animals', '/v1/animals/1'],
      'staff:read': ['/v1/employees', '/v1/employees/1'],
      'salary:read': ['/v1/employees/1/salaryStatements'],
      'crm:read': ['/v1/customers', '/v1/customers/1', '/v1/suppliers', '/v1/suppliers/1'],
    };

    it('lets each read scope read its collections, and only those (403 insufficient_scope elsewhere)', async () => {
      for (const [scope, allowed] of Object.entries(reads)) {
        const token = await zoo.token('zoo-admin', scope);
        for (const [otherScope, paths] of Object.entries(reads)) {
          for (const path of paths) {
            const reply = await get(zoo, path, token);
            if (otherScope === scope) {
              expect(reply.status, `${scope} GET ${path}`).toBe(200);
            } else {
              expectAuthError(reply, 403);
              const challenge = reply.headers.get('www-authenticate')!;
              expect(challenge, `${scope} GET ${path}`).toMatch(/error="insufficient_scope"/);
              expect(challenge).toContain(`scope="${otherScope}"`);
            }
          }
        }
        expect(allowed.length).toBeGreaterThan(0);
      }
    });

    it('lets each write scope write its collections', async () => {
      const writes: [string, string, Record<string, unknown>][] = [
        ['zoo:write', '/v1/zoos', { name: 'Scope Zoo' }],
        ['zoo:write', '/v1/animals', { name: 'Scope', species: 'lynx', animalTypeId: 'mammal', zooId: '1' }],
        [
          'staff:write',
          '/v1/employees',
          { name: 'Scope Keeper', yearOfBirth: 1990, state: 'internal', maturity: 'junior' },
        ],
        ['salary:write', '/v1/employees/1/salaryStatements', { period: '2030-01', grossAmount: 100, currency: 'EUR' }],
        ['crm:write', '/v1/customers', { name: 'Scope Customer' }],
        ['crm:write', '/v1/suppliers', { name: 'Scope Supplier' }],
      ];
      for (const [scope, path, record] of writes) {
        const token = await zoo.token('zoo-admin', scope);
        const reply = await call(zoo, 'POST', path, { token, json: record });
        expect(reply.status, `${scope} POST ${path}: ${reply.text}`).toBe(201);
        for (const [otherScope, otherPath, otherRecord] of writes) {
          if (otherScope === scope) continue;
          const refused = await call(zoo, 'POST', otherPath, { token, json: otherRecord });
          expectAuthError(refused, 403);
          expect(refused.headers.get('www-authenticate')).toContain(`scope="${otherScope}"`);
        }
      }
    });

    it('gives zoo-reader read access only: 403 with insufficient_scope and the needed scope on writes', async () => {
      const reader = await zoo.token('zoo-reader');
      expect((await get(zoo, '/v1/zoos/1', reader)).status).toBe(200);
      expect((await get(zoo, '/v1/employees/1', reader)).status).toBe(200);
      expect((await get(zoo, '/v1/customers/1', reader)).status).toBe(200);
      const salary = await get(zoo, '/v1/employees/1/salaryStatements', reader);
      expectAuthError(salary, 403);
      expect(salary.headers.get('www-authenticate')).toMatch(/error="insufficient_scope".*scope="salary:read"/);

      const cases: [string, string, string, unknown][] = [
        ['POST', '/v1/zoos', 'zoo:write', { name: 'Reader Zoo' }],
        ['PATCH', '/v1/animals/1', 'zoo:write', { name: 'Renamed' }],
        ['DELETE', '/v1/employees/1', 'staff:write', undefined],
        ['PUT', '/v1/customers/1', 'crm:write', { name: 'Renamed' }],
        ['DELETE', '/v1/suppliers', 'crm:write', undefined],
      ];
      for (const [method, path, scope, json] of cases) {
        const reply = await call(zoo, method, path, { token: reader, ...(json ? { json } : {}) });
        expectAuthError(reply, 403);
        expect(reply.headers.get('www-authenticate'), `${method} ${path}`).toMatch(
          new RegExp(`error="insufficient_scope".*scope="${scope}"`),
        );
      }
      expect((await get(zoo, '/v1/employees/1', reader)).status).toBe(200);
    });

    it('lets any valid token call translate, calculate and search', async () => {
      for (const scope of ['zoo:read', 'salary:write', 'crm:read']) {
        const token = await zoo.token('zoo-admin', scope);
        expect((await get(zoo, '/v1/translate?from=en_US&to=de_DE&text=lion', token)).status).toBe(200);
        expect((await get(zoo, '/v1/calculate?para2=3&para2=4', token)).status).toBe(200);
        expect((await get(zoo, '/v1/search?query=zoo', token)).status).toBe(200);
      }
    });
  });

  describe('search returns only records from collections the token may read', () => {
    const searchable: Record<string, string> = {
      zoos: 'zoo:read',
      animals: 'zoo:read',
      employees: 'staff:read',
      customers: 'crm:read',
      suppliers: 'crm:read',
    };

    /** Every search result for `a`, a letter found in every collection. */
    async function searchAll(token: string): Promise<{ collection: string }[]> {
      const reply = await get(zoo, '/v1/search?query=a&limit=100', token);
      expect(reply.status).toBe(200);
      expect(reply.body.total).toBeLessThanOrEqual(100);
      return reply.body.results;
    }

    it('finds every searchable collection with a token that reads them all', async () => {
      const collections = new Set((await searchAll(await zoo.token('zoo-reader'))).map((r) => r.collection));
      expect([...collections].sort()).toEqual(Object.keys(searchable).sort());
    });

    it('finds only zoos and animals with a zoo-reader token limited to zoo:read', async () => {
      const token = await zoo.token('zoo-reader', 'zoo:read');
      const results = await searchAll(token);
      expect(results.length).toBeGreaterThan(0);
      expect([...new Set(results.map((r) => r.collection))].sort()).toEqual(['animals', 'zoos']);
      const zoos = await get(zoo, '/v1/zoos?query=a&limit=100', token);
      const animals = await get(zoo, '/v1/animals?query=a&limit=100', token);
      expect(results).toHaveLength(zoos.body.total + animals.body.total);
    });

    it('finds only customers and suppliers with crm:read, only employees with staff:read, nothing with salary:read', async () => {
      const crm = await searchAll(await zoo.token('zoo-reader', 'crm:read'));
      expect([...new Set(crm.map((r) => r.collection))].sort()).toEqual(['customers', 'suppliers']);
      const staff = await searchAll(await zoo.token('zoo-reader', 'staff:read'));
      expect([...new Set(staff.map((r) => r.collection))]).toEqual(['employees']);
      const salaryOnly = await get(zoo, '/v1/search?query=a', await zoo.token('zoo-admin', 'salary:read'));
      expect(salaryOnly.status).toBe(200);
      expect(salaryOnly.body).toMatchObject({ total: 0, results: [] });
    });
  });
});

describe('Authorization: OAUTH_ISSUER (plus OAUTH_AUDIENCE) trusts an external issuer instead', () => {
  let issuerZoo: RunningZoo;
  let trusting: RunningZoo;
  let otherAudience: RunningZoo;
  beforeAll(async () => {
    // Another zoo's embedded server stands in for the external issuer; its tokens name its origin as audience.
    issuerZoo = await startZoo();
    trusting = await startZoo({ OAUTH_ISSUER: `${issuerZoo.origin}/oauth`, OAUTH_AUDIENCE: issuerZoo.origin });
    otherAudience = await startZoo({ OAUTH_ISSUER: `${issuerZoo.origin}/oauth`, OAUTH_AUDIENCE: 'urn:some-other-api' });
  });
  afterAll(async () => {
    await otherAudience.close();
    await trusting.close();
    await issuerZoo.close();
  });

  it('accepts the external issuer tokens and does not start the embedded server', async () => {
    const token = await issuerZoo.token('zoo-reader');
    expect((await get(trusting, '/v1/zoos', token)).status).toBe(200);
    expect((await get(trusting, '/oauth/.well-known/openid-configuration')).status).toBe(404);
  });

  it('checks the audience: a token for another audience is refused with invalid_token', async () => {
    const token = await issuerZoo.token('zoo-reader');
    const reply = await get(otherAudience, '/v1/zoos', token);
    expectAuthError(reply, 401);
    expect(reply.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });
});
