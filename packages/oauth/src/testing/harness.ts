import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthorizationServer, type AuthorizationServer } from '@corral/auth-server';
import { createApi, defineCollection, silentLogger, type Api } from '@corral/core';
import { z } from 'zod';
import { oauth } from '../oauth.js';
import type { OAuthOptions } from '../options.js';

export const audience = 'http://api.test';

/** A real authorization server and a protected API, both on one loopback port. */
export interface Harness {
  readonly origin: string;
  readonly issuer: string;
  readonly authServer: AuthorizationServer;
  /** How many requests the key set endpoint has had. */
  jwksRequests(): number;
  /** Serves the API with an adapter configured by `overrides`, from now on. */
  useAuth(overrides?: Partial<OAuthOptions>): void;
  token(clientId: string, secret: string, scope?: string): Promise<{ access_token: string; scope?: string }>;
  send(
    method: string,
    path: string,
    headers?: Record<string, string | string[]>,
    body?: string,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: any }>;
  close(): Promise<void>;
}

function notesApi(auth: ReturnType<typeof oauth>): Api {
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ text: z.string(), owner: z.string() }),
    scopes: { read: 'notes:read', write: 'notes:write' },
    filters: { owner: 'owner' },
    // Only the owner may change a note, and nobody may hand a note to someone else (except with notes:all).
    authorize: ({ principal, record, next, action }) =>
      action === 'read' ||
      principal?.scopes.has('notes:all') === true ||
      ((record === undefined || record.owner === principal?.subject) &&
        (next === undefined || next.owner === principal?.subject)),
    listFilter: (principal) => (principal?.scopes.has('notes:all') ? undefined : { owner: principal?.subject }),
  });
  return createApi({ collections: [notes], auth, logger: silentLogger });
}

export async function startHarness(): Promise<Harness> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/oauth`;
  const authServer = await createAuthorizationServer({
    issuer,
    audience,
    clients: [
      { clientId: 'admin', clientSecret: 'admin-secret', scopes: ['notes:read', 'notes:write'] },
      { clientId: 'boss', clientSecret: 'boss-secret', scopes: ['notes:read', 'notes:write', 'notes:all'] },
      { clientId: 'reader', clientSecret: 'reader-secret', scopes: ['notes:read'] },
      { clientId: 'opaque', clientSecret: 'opaque-secret', scopes: ['notes:read'], tokenFormat: 'opaque' },
      { clientId: 'api', clientSecret: 'api-secret', scopes: [] },
    ],
  });
  let api = notesApi(oauth({ issuer, audience, algorithms: ['ES256'] }));
  let jwksRequests = 0;
  server.on('request', (req, res) => {
    if ((req.url ?? '').startsWith('/oauth/jwks')) jwksRequests++;
    return (req.url ?? '').startsWith('/oauth') ? authServer.handle(req, res) : api.nodeHandler(req, res);
  });

  const send: Harness['send'] = (method, path, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const req = request(`${origin}${path}`, { method, headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : undefined }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });

  return {
    origin,
    issuer,
    authServer,
    jwksRequests: () => jwksRequests,
    useAuth(overrides = {}) {
      api = notesApi(oauth({ issuer, audience, algorithms: ['ES256'], jwksCooldownMs: 0, ...overrides }));
    },
    async token(clientId, secret, scope) {
      const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
      const basic = Buffer.from(`${clientId}:${secret}`).toString('base64');
      const res = await send(
        'POST',
        '/oauth/token',
        { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        form.toString(),
      );
      if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json;
    },
    send,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
