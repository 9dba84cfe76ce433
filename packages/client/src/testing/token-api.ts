import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthorizationServer } from '@corral/auth-server';
import { createApi, defineCollection, memoryStore, silentLogger } from '@corral/core';
import { oauth } from '@corral/oauth';
import { z } from 'zod';

/** A small API and its own authorization server on one loopback port, with short-lived tokens. */
export async function startTokenApi(tokenTtlSeconds: number) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/oauth`;
  const clients = [{ clientId: 'notes-app', clientSecret: 'notes-secret', scopes: ['notes:read', 'notes:write'] }];
  const authServer = await createAuthorizationServer({
    issuer,
    audience: 'https://notes.example',
    clients,
    accessTokenTtlSeconds: tokenTtlSeconds,
  });
  let tokenRequests = 0;
  const countTokens = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/oauth/token')) tokenRequests++;
    authServer.handle(req, res);
  };
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ text: z.string().max(100) }),
    scopes: { read: 'notes:read', write: 'notes:write' },
    store: memoryStore({ initial: [{ id: '1', text: 'first' }] }),
  });
  // No clock tolerance: a token is refused the second it expires.
  const auth = oauth({ issuer, audience: 'https://notes.example', algorithms: ['ES256'], clockToleranceSeconds: 0 });
  const api = createApi({
    version: 1,
    collections: [notes],
    auth,
    logger: silentLogger,
    mounts: { '/oauth': countTokens },
  });
  server.on('request', api.nodeHandler);
  return {
    origin,
    issuer,
    tokenRequests: () => tokenRequests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
    },
  };
}
