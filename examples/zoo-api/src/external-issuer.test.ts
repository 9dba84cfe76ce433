import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthorizationServer } from '@corral/auth-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

describe('zoo-api trusting an external issuer (OAUTH_ISSUER)', () => {
  let issuerServer: Server;
  let issuer: string;
  let zoo: RunningZoo;
  beforeAll(async () => {
    issuerServer = createServer();
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}/sso`;
    const external = await createAuthorizationServer({
      issuer,
      audience: 'urn:zoo',
      clients: [{ clientId: 'partner', clientSecret: 'partner-secret', scopes: ['staff:read'] }],
    });
    issuerServer.on('request', external.handle);
    zoo = await startZoo({ OAUTH_ISSUER: issuer, OAUTH_AUDIENCE: 'urn:zoo', OAUTH_ALGORITHMS: 'ES256' });
  });
  afterAll(async () => {
    await zoo.close();
    issuerServer.closeAllConnections();
    await new Promise((resolve) => issuerServer.close(resolve));
  });

  it('accepts tokens from the external issuer, found through its discovery document', async () => {
    const res = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('partner:partner-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await res.json()) as { access_token: string };
    expect((await zoo.get('/v1/employees', access_token)).status).toBe(200);
  });

  it('does not start the embedded authorization server', async () => {
    expect((await zoo.get('/oauth/.well-known/openid-configuration')).status).toBe(404);
  });
});
