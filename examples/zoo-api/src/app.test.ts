import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, demoClients, demoUsers } from './config.js';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

describe('zoo-api over a real socket', () => {
  let zoo: RunningZoo;
  let admin: string;
  beforeAll(async () => {
    zoo = await startZoo({ BASE_PATH: '/api' });
    admin = await zoo.token('zoo-admin');
  });
  afterAll(() => zoo.close());

  it('serves the demo employees, paged, with salary links, to a token holder', async () => {
    const res = await zoo.get('/api/v1/employees?state=internal&sortby=name&limit=5', admin);
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page).toMatchObject({ offset: 0, limit: 5, total: 20 });
    expect(page.employees).toHaveLength(5);
    expect(page.employees[0].links).toContainEqual({
      rel: 'salary',
      href: `/api/v1/employees/${page.employees[0].id}/salaryStatements`,
    });
    expect(page.links).toEqual([
      { rel: 'nextPage', href: '/api/v1/employees?state=internal&sortby=name&offset=5&limit=5' },
    ]);
  });

  it('answers 401 with the seed body without a token, and keeps the root document public', async () => {
    const res = await zoo.get('/api/v1/employees');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect(await res.json()).toEqual({
      message: expect.stringContaining('Authentication is required'),
      documentation_url: `${zoo.origin}/api/v1/errors/1016`,
    });
    expect((await zoo.get('/api/v1')).status).toBe(200);
    const invalid = await zoo.get('/api/v1/employees', 'not-a-real-token');
    expect(invalid.status).toBe(401);
    expect(invalid.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('gives the reader read access only: 403 on writes', async () => {
    const reader = await zoo.token('zoo-reader');
    expect((await zoo.get('/api/v1/employees/1', reader)).status).toBe(200);
    const res = await fetch(`${zoo.origin}/api/v1/employees/1`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toMatch(/error="insufficient_scope", .*scope="staff:write"/);
  });

  it('answers the detailed 400 for a bad state, pointing at its own public error page', async () => {
    const res = await zoo.get('/api/v1/employees?state=retired', admin);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toContain('internal, external');
    expect(body.additionalInformation).toBe(`${zoo.origin}/api/v1/errors/${body.errorCode}`);
    expect((await fetch(body.additionalInformation)).status).toBe(200);
  });

  it('puts an X-Request-Id on the authorization server answers too', async () => {
    const res = await zoo.get('/oauth/.well-known/openid-configuration', undefined, { 'x-request-id': 'trace-7' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-7');
  });

  it('serves the authorization server metadata where RFC 8414 puts it for the issuer /oauth', async () => {
    const res = await zoo.get('/.well-known/oauth-authorization-server/oauth');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      issuer: `${zoo.origin}/oauth`,
      token_endpoint: `${zoo.origin}/oauth/token`,
    });
  });

  it('starts with the same demo data every time', async () => {
    const other = await startZoo();
    try {
      const a = await (await other.get('/v1/employees?limit=30', await other.token())).json();
      const b = await (await zoo.get('/api/v1/employees?limit=30', admin)).json();
      expect(a.employees.map((e: { name: string }) => e.name)).toEqual(
        b.employees.map((e: { name: string }) => e.name),
      );
    } finally {
      await other.close();
    }
  });
});

describe('configFromEnv', () => {
  it('has defaults for everything, with the embedded authorization server and demo clients', () => {
    expect(configFromEnv({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      basePath: '',
      oauth: {
        kind: 'embedded',
        issuer: 'http://127.0.0.1:3000/oauth',
        audience: 'http://127.0.0.1:3000',
        clients: demoClients,
        users: demoUsers,
      },
      storage: { kind: 'sqlite', file: 'data/zoo.sqlite' },
      corsOrigins: [],
      telemetry: false,
      rateLimits: {
        limit: 1200,
        writeLimit: 600,
        tokenLimit: 120,
        windowSeconds: 60,
        redisUrl: undefined,
        redisKeyPrefix: 'zoo:rl:',
      },
      startupRetrySeconds: 0,
      streamsPerClient: 100,
      maxConnections: 10_000,
      webhookAllow: { entries: [] },
      admin: {
        clientId: 'corral-admin',
        redirectUri: 'http://127.0.0.1:3000/admin/callback',
        postLogoutRedirectUri: 'http://127.0.0.1:3000/admin',
      },
    });
  });

  it('reads the webhook destinations allowed despite the address rules from WEBHOOK_ALLOW', () => {
    const allow = configFromEnv({ WEBHOOK_ALLOW: '127.0.0.1:8080, hooks.internal,10.0.0.0/8' }).webhookAllow;
    expect(allow.entries.map((entry) => entry.text)).toEqual(['127.0.0.1:8080', 'hooks.internal', '10.0.0.0/8']);
    expect(() => configFromEnv({ WEBHOOK_ALLOW: 'not a host' })).toThrow(/not a host/);
  });

  it('reads the open feeds allowed per client from STREAMS_PER_CLIENT', () => {
    expect(configFromEnv({ STREAMS_PER_CLIENT: '10000' }).streamsPerClient).toBe(10_000);
    expect(configFromEnv({ MAX_CONNECTIONS: '20000' }).maxConnections).toBe(20_000);
    expect(() => configFromEnv({ STREAMS_PER_CLIENT: '0' })).toThrow(/STREAMS_PER_CLIENT/);
  });

  it('reads the other pages that may call the API from CORS_ORIGINS', () => {
    expect(configFromEnv({ CORS_ORIGINS: ' https://a.example, ,http://localhost:5173' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });

  it('turns telemetry on only when an OTLP endpoint is named', () => {
    expect(configFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).telemetry).toBe(true);
  });

  it('reads the rate limits, 0 switching one off, and refuses values that are not whole numbers', () => {
    expect(
      configFromEnv({
        RATE_LIMIT: '0',
        RATE_LIMIT_WRITES: '5',
        RATE_LIMIT_TOKENS: '7',
        RATE_LIMIT_WINDOW: '10',
        REDIS_URL: 'redis://cache:6379',
      }).rateLimits,
    ).toEqual({
      limit: 0,
      writeLimit: 5,
      tokenLimit: 7,
      windowSeconds: 10,
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'zoo:rl:',
    });
    expect(() => configFromEnv({ RATE_LIMIT: 'many' })).toThrow(/RATE_LIMIT must be a whole number/);
    expect(() => configFromEnv({ RATE_LIMIT_WINDOW: '0' })).toThrow(
      /RATE_LIMIT_WINDOW must be a whole number of at least 1/,
    );
  });

  it('keeps records in DATA_DIR/zoo.sqlite, in PostgreSQL with DATABASE_URL, or in memory with STORE=memory', () => {
    expect(configFromEnv({ DATA_DIR: '/var/lib/zoo' }).storage).toEqual({
      kind: 'sqlite',
      file: '/var/lib/zoo/zoo.sqlite',
    });
    expect(configFromEnv({ DATABASE_URL: 'postgres://db/zoo' }).storage).toEqual({
      kind: 'postgres',
      url: 'postgres://db/zoo',
      schema: 'public',
    });
    expect(configFromEnv({ DATABASE_URL: 'postgres://db/zoo', DATABASE_SCHEMA: 'zoo' }).storage).toMatchObject({
      schema: 'zoo',
    });
    expect(configFromEnv({ STORE: 'memory', DATABASE_URL: 'postgres://db/zoo' }).storage).toEqual({ kind: 'memory' });
    expect(() => configFromEnv({ STORE: 'postgres' })).toThrow(/DATABASE_URL/);
    expect(() => configFromEnv({ STORE: 'mongo' })).toThrow(/STORE must be/);
  });

  it('reads PORT, HOST, PUBLIC_URL and BASE_PATH', () => {
    expect(
      configFromEnv({ PORT: '8080', HOST: '0.0.0.0', PUBLIC_URL: 'https://zoo.example/', BASE_PATH: '/api' }),
    ).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://zoo.example',
      basePath: '/api',
    });
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('switches to an external issuer with OAUTH_ISSUER and OAUTH_AUDIENCE', () => {
    expect(
      configFromEnv({ OAUTH_ISSUER: 'https://login.example', OAUTH_AUDIENCE: 'https://zoo.example' }).oauth,
    ).toEqual({
      kind: 'external',
      issuer: 'https://login.example',
      audience: 'https://zoo.example',
      algorithms: ['RS256', 'ES256'],
      tokenUrl: 'https://login.example/token',
    });
    expect(() => configFromEnv({ OAUTH_ISSUER: 'https://login.example' })).toThrow(/OAUTH_AUDIENCE/);
  });

  it('replaces the demo clients with OAUTH_CLIENTS', () => {
    const clients = [{ clientId: 'ci', clientSecret: 's', scopes: ['zoo:read'] }];
    expect(configFromEnv({ OAUTH_CLIENTS: JSON.stringify(clients) }).oauth).toMatchObject({ clients });
    expect(() => configFromEnv({ OAUTH_CLIENTS: '[{"clientId":1}]' })).toThrow(/OAUTH_CLIENTS/);
  });
});
