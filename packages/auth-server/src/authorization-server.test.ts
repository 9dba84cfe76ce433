import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizationServer, type AuthorizationServer } from './authorization-server.js';

let server: Server;
let auth: AuthorizationServer;
let origin: string;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  auth = await createAuthorizationServer({
    issuer: `${origin}/oauth`,
    audience: 'http://api.test',
    accessTokenTtlSeconds: 120,
    clients: [
      { clientId: 'admin', clientSecret: 'admin-secret', scopes: ['zoo:read', 'zoo:write'] },
      { clientId: 'reader', clientSecret: 'reader-secret', scopes: ['zoo:read'] },
      { clientId: 'api', clientSecret: 'api-secret', scopes: [] },
      { clientId: 'opaque', clientSecret: 'opaque-secret', scopes: ['zoo:read'], tokenFormat: 'opaque' },
    ],
  });
  server.on('request', auth.handle);
});
afterAll(
  () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
);

async function tokenRequest(form: Record<string, string>, basic?: [string, string]) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) headers.authorization = `Basic ${Buffer.from(basic.join(':')).toString('base64')}`;
  const res = await fetch(auth.tokenEndpoint, { method: 'POST', headers, body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe('embedded authorization server', () => {
  it('hands out in process the public keys its JWKS endpoint serves, and never a private member', async () => {
    const served = (await (await fetch(`${origin}/oauth/jwks`)).json()) as { keys: Record<string, unknown>[] };
    const given = auth.publicKeys();
    expect(given.keys.map((key) => key.kid)).toEqual(served.keys.map((key) => key.kid));
    for (const [index, key] of given.keys.entries()) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', x: served.keys[index]!.x, y: served.keys[index]!.y });
      expect(Object.keys(key).filter((name) => ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'].includes(name))).toEqual([]);
    }
    // A token it issues verifies against those keys.
    const { body } = await tokenRequest({ grant_type: 'client_credentials' }, ['reader', 'reader-secret']);
    const { payload } = await jwtVerify(body.access_token!, createLocalJWKSet(given), {
      issuer: `${origin}/oauth`,
      audience: 'http://api.test',
    });
    expect(payload.client_id).toBe('reader');
    expect(auth.publicKeys()).toBe(given); // the same object until a key is added
    // Frozen: nothing in the process can slip in a key of its own.
    expect(() => (given.keys as object[]).push({ kty: 'EC' })).toThrow(TypeError);
    expect(Object.isFrozen(given.keys[0])).toBe(true);
  });

  it('publishes discovery metadata below its issuer path', async () => {
    const metadata = await (await fetch(`${origin}/oauth/.well-known/openid-configuration`)).json();
    expect(metadata).toMatchObject({
      issuer: `${origin}/oauth`,
      token_endpoint: auth.tokenEndpoint,
      jwks_uri: `${origin}/oauth/jwks`,
      introspection_endpoint: `${origin}/oauth/token/introspection`,
    });
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    );
  });

  it('issues signed JWT access tokens with every allowed scope when none is asked for', async () => {
    const { status, body } = await tokenRequest({ grant_type: 'client_credentials' }, ['admin', 'admin-secret']);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'zoo:read zoo:write', expires_in: 120 });
    const { payload, protectedHeader } = await jwtVerify(
      body.access_token!,
      createRemoteJWKSet(new URL(`${origin}/oauth/jwks`)),
      {
        issuer: `${origin}/oauth`,
        audience: 'http://api.test',
        typ: 'at+jwt',
      },
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: 'admin', client_id: 'admin', scope: 'zoo:read zoo:write' });
  });

  it('accepts client_secret_post and narrows to the scopes asked for', async () => {
    const { status, body } = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: 'reader',
      client_secret: 'reader-secret',
      scope: 'zoo:read',
    });
    expect(status).toBe(200);
    expect(body.scope).toBe('zoo:read');
  });

  it('refuses scopes the client may not have, wrong secrets and clients without scopes', async () => {
    expect(
      (await tokenRequest({ grant_type: 'client_credentials', scope: 'zoo:write' }, ['reader', 'reader-secret'])).body
        .error,
    ).toBe('invalid_scope');
    expect((await tokenRequest({ grant_type: 'client_credentials' }, ['reader', 'wrong'])).status).toBe(401);
    expect((await tokenRequest({ grant_type: 'client_credentials' }, ['api', 'api-secret'])).status).toBe(400);
  });

  it('refuses a scope no client may have with invalid_scope, instead of dropping it', async () => {
    for (const scope of ['zoo:read zoo:fly', 'openid', 'nonsense']) {
      const { status, body } = await tokenRequest({ grant_type: 'client_credentials', scope }, [
        'admin',
        'admin-secret',
      ]);
      expect(status, scope).toBe(400);
      expect(body, scope).toMatchObject({
        error: 'invalid_scope',
        error_description: expect.stringContaining('Unknown scope'),
      });
    }
  });

  it('serves its metadata where RFC 8414 puts it for an issuer with a path, as oauth4webapi looks for it', async () => {
    expect(auth.metadataPath).toBe('/.well-known/oauth-authorization-server/oauth');
    const answer = await fetch(`${origin}/.well-known/oauth-authorization-server/oauth`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ issuer: `${origin}/oauth`, token_endpoint: auth.tokenEndpoint });
    expect((await fetch(`${origin}/.well-known/oauth-authorization-server/other`)).status).toBe(404);
  });

  it('refuses a token request that names no client with invalid_client (RFC 6749 §5.2)', async () => {
    const { status, body } = await tokenRequest({ grant_type: 'client_credentials' });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'invalid_client',
      error_description: expect.stringContaining('names no client'),
    });
    // A client that names itself without a secret is not this case: it is refused as that client.
    const named = await tokenRequest({ grant_type: 'client_credentials', client_id: 'reader' });
    expect(named.body.error).not.toBe('invalid_request');
  });

  it('answers 404 outside its issuer path', async () => {
    expect((await fetch(`${origin}/elsewhere`)).status).toBe(404);
  });
});

describe('introspection and revocation rights', () => {
  const form = (token: string) => new URLSearchParams({ token });
  const post = (path: string, body: URLSearchParams, [id, secret]: [string, string]) =>
    fetch(`${origin}/oauth${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
    });

  it('lets a resource server introspect any (opaque) token, and another client only its own', async () => {
    const { body } = await tokenRequest({ grant_type: 'client_credentials' }, ['opaque', 'opaque-secret']);
    const token = body.access_token!;
    expect(await (await post('/token/introspection', form(token), ['api', 'api-secret'])).json()).toMatchObject({
      active: true,
      client_id: 'opaque',
      scope: 'zoo:read',
      aud: 'http://api.test',
    });
    expect(await (await post('/token/introspection', form(token), ['opaque', 'opaque-secret'])).json()).toMatchObject({
      active: true,
    });
    expect(await (await post('/token/introspection', form(token), ['reader', 'reader-secret'])).json()).toEqual({
      active: false,
    });
  });

  it('lets only the owning client revoke a token', async () => {
    const { body } = await tokenRequest({ grant_type: 'client_credentials' }, ['opaque', 'opaque-secret']);
    // RFC 7009 answers 200 either way; what matters is that the token is still active afterwards.
    await post('/token/revocation', form(body.access_token!), ['reader', 'reader-secret']);
    expect(
      await (await post('/token/introspection', form(body.access_token!), ['api', 'api-secret'])).json(),
    ).toMatchObject({ active: true });
    expect((await post('/token/revocation', form(body.access_token!), ['opaque', 'opaque-secret'])).status).toBe(200);
    expect(await (await post('/token/introspection', form(body.access_token!), ['api', 'api-secret'])).json()).toEqual({
      active: false,
    });
  });
});

describe('what is served', () => {
  it('names the issuer origin in its metadata, whatever Host the request used', async () => {
    const publicIssuer = 'https://zoo.example/oauth';
    const server2 = createServer();
    await new Promise<void>((resolve) => server2.listen(0, '127.0.0.1', resolve));
    const local = `http://127.0.0.1:${(server2.address() as AddressInfo).port}`;
    const behindProxy = await createAuthorizationServer({
      issuer: publicIssuer,
      audience: 'urn:x',
      clients: [{ clientId: 'a', clientSecret: 's', scopes: ['x'] }],
    });
    server2.on('request', behindProxy.handle);
    try {
      const metadata = await (
        await fetch(`${local}/oauth/.well-known/openid-configuration`, {
          headers: { 'x-forwarded-host': 'evil.example' },
        })
      ).json();
      expect(metadata).toMatchObject({
        issuer: publicIssuer,
        token_endpoint: `${publicIssuer}/token`,
        jwks_uri: `${publicIssuer}/jwks`,
      });
    } finally {
      server2.closeAllConnections();
      await new Promise((resolve) => server2.close(resolve));
    }
  });

  it('advertises only what it serves: the client-credentials grant, no authorization endpoint, no OpenID scopes', async () => {
    for (const path of ['openid-configuration', 'oauth-authorization-server']) {
      const metadata = await (await fetch(`${origin}/oauth/.well-known/${path}`)).json();
      expect(metadata.authorization_endpoint, path).toBeUndefined();
      expect(metadata.grant_types_supported, path).toEqual(['client_credentials']);
      expect(metadata.response_types_supported, path).toEqual([]);
      expect(metadata.scopes_supported, path).toEqual(['zoo:read', 'zoo:write']);
      expect(metadata.introspection_endpoint, path).toBe(`${origin}/oauth/token/introspection`);
    }
  });

  it('neither advertises nor serves introspection and revocation when every token is a JWT', async () => {
    const server2 = createServer();
    await new Promise<void>((resolve) => server2.listen(0, '127.0.0.1', resolve));
    const local = `http://127.0.0.1:${(server2.address() as AddressInfo).port}`;
    const jwtOnly = await createAuthorizationServer({
      issuer: `${local}/oauth`,
      audience: 'urn:x',
      clients: [{ clientId: 'a', clientSecret: 's', scopes: ['x'] }],
    });
    server2.on('request', jwtOnly.handle);
    try {
      const metadata = await (await fetch(`${local}/oauth/.well-known/openid-configuration`)).json();
      expect(metadata.introspection_endpoint).toBeUndefined();
      expect(metadata.revocation_endpoint).toBeUndefined();
      const basic = `Basic ${Buffer.from('a:s').toString('base64')}`;
      for (const path of ['/oauth/token/introspection', '/oauth/token/revocation']) {
        const res = await fetch(`${local}${path}`, {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'token=x',
        });
        expect(res.status, path).toBe(404);
      }
    } finally {
      server2.closeAllConnections();
      await new Promise((resolve) => server2.close(resolve));
    }
  });

  it('answers 404 in JSON for the interactive endpoints it does not offer', async () => {
    for (const path of ['/oauth/auth', '/oauth/session/end', '/oauth/nope', '/oauth']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(await res.json(), path).toEqual({ error: expect.any(String) });
    }
  });
});

describe('signing keys given to the server', () => {
  it("signs with the first key given, so that two servers with the same keys accept each other's tokens", async () => {
    const { newSigningKey } = await import('./signing-key.js');
    const key = await newSigningKey();
    const make = () =>
      createAuthorizationServer({
        issuer: 'http://zoo.test/oauth',
        audience: 'http://api.test',
        clients: [{ clientId: 'admin', clientSecret: 'admin-secret', scopes: ['zoo:read'] }],
        signingKeys: [key],
      });
    const [one, two] = await Promise.all([make(), make()]);
    expect(one.publicKeys()).toEqual(two.publicKeys());
    expect(one.publicKeys().keys[0]).toMatchObject({ kid: key.kid, kty: 'EC' });
    expect(one.publicKeys().keys[0]).not.toHaveProperty('d');
  });

  it('reads keys kept elsewhere in the background: token requests answer 503 until they can be read', async () => {
    const { newSigningKey } = await import('./signing-key.js');
    const key = await newSigningKey();
    let away = true;
    const keeper = createServer();
    await new Promise<void>((resolve) => keeper.listen(0, '127.0.0.1', resolve));
    const here = `http://127.0.0.1:${(keeper.address() as AddressInfo).port}`;
    const lazy = await createAuthorizationServer({
      issuer: `${here}/oauth`,
      audience: 'http://api.test',
      clients: [{ clientId: 'admin', clientSecret: 'admin-secret', scopes: ['zoo:read'] }],
      signingKeys: async () => {
        if (away) throw new Error('the database is away');
        return [key];
      },
    });
    keeper.on('request', lazy.handle);
    const ask = () =>
      fetch(lazy.tokenEndpoint, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
    try {
      await expect(lazy.ready()).rejects.toThrow('away');
      const refused = await ask();
      expect([refused.status, refused.headers.get('retry-after'), await refused.json()]).toEqual([
        503,
        '5',
        { error: 'temporarily_unavailable', error_description: expect.any(String) },
      ]);
      away = false;
      expect((await ask()).status).toBe(200);
      await lazy.ready();
      expect(lazy.publicKeys().keys[0]?.kid).toBe(key.kid);
    } finally {
      keeper.closeAllConnections();
      keeper.close();
    }
  });

  it.each([
    ['a public key', { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k' }],
    ['an RSA key', { kty: 'RSA', n: 'n', e: 'AQAB', d: 'd', kid: 'k' }],
    ['a key without kid', { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' }],
  ])('refuses %s at start', async (_, key) => {
    await expect(
      createAuthorizationServer({ issuer: 'http://zoo.test/oauth', audience: 'a', clients: [], signingKeys: [key] }),
    ).rejects.toMatchObject({ code: 'CORRAL_INVALID_SIGNING_KEY' });
  });
});

describe('bodies too large', () => {
  /** Posts `size` bytes of form to the token endpoint, declared up front or sent chunked; resolves with the answer. */
  const post = (size: number, declared: boolean) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const body = `grant_type=client_credentials&padding=${'x'.repeat(size)}`;
      const req = request(
        auth.tokenEndpoint,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}`,
            ...(declared ? { 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (res) => {
          let text = '';
          res
            .setEncoding('utf8')
            .on('data', (chunk: string) => (text += chunk))
            .on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      // The server may close while the rest is still being sent: the answer has already come.
      req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
      for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.slice(at, at + 64 * 1024));
      req.end();
    });

  it.each([true, false])(
    'answers a 2 MB token request with 413 in the OAuth error shape (length declared: %s)',
    async (declared) => {
      const answer = await post(2 * 1024 * 1024, declared);
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({
        error: 'invalid_request',
        error_description: expect.stringContaining('larger than the limit'),
      });
      // The server goes on serving.
      expect((await tokenRequest({ grant_type: 'client_credentials' }, ['admin', 'admin-secret'])).status).toBe(200);
    },
  );
});

describe('methods', () => {
  it('answers 405 in JSON for a method an endpoint does not take', async () => {
    const res = await fetch(auth.tokenEndpoint);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toEqual({ error: expect.stringContaining('GET') });
  });
});
