import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthorizationServer } from './authorization-server.js';

let server: Server | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** An authorization server on a loopback port, with one opaque-token client and one resource server. */
async function started() {
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = await createAuthorizationServer({
    issuer: `${origin}/oauth`,
    audience: 'http://api.test',
    clients: [
      { clientId: 'legacy', clientSecret: 'legacy-secret', scopes: ['zoo:read'], tokenFormat: 'opaque' },
      { clientId: 'api', clientSecret: 'api-secret', scopes: [] },
    ],
  });
  server.on('request', auth.handle);
  const post = async (path: string, form: Record<string, string>, [id, secret]: [string, string]) => {
    const res = await fetch(`${origin}/oauth${path}`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
      body: new URLSearchParams(form),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const issue = async () =>
    (await post('/token', { grant_type: 'client_credentials' }, ['legacy', 'legacy-secret'])).access_token as string;
  const introspect = (token: string) => post('/token/introspection', { token }, ['api', 'api-secret']);
  return { auth, issue, introspect, tokenEndpoint: auth.tokenEndpoint };
}

describe('opaque access tokens', () => {
  // First: oidc-provider warns once per process, so a later test would not see it.
  it('are kept, and token requests read, without oidc-provider warning about either', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { issue, introspect } = await started();
    expect(await introspect(await issue())).toMatchObject({ active: true });
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/oidc-provider/);
  });

  it('stay valid across a key rotation (the store outlives the provider it replaces)', async () => {
    const { auth, issue, introspect } = await started();
    const token = await issue();
    await auth.rotateKey();
    expect(await introspect(token)).toMatchObject({ active: true, client_id: 'legacy' });
    expect(await introspect(await issue())).toMatchObject({ active: true });
  });

  it('are issued for a form sent in chunks, with no length declared', async () => {
    const { tokenEndpoint, introspect } = await started();
    const chunks = ['grant_type=client_', 'credentials&client_id=legacy&client_secret=legacy-secret'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    const res = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      duplex: 'half',
    } as RequestInit);
    const { access_token: token, scope } = (await res.json()) as Record<string, string>;
    expect({ status: res.status, scope }).toEqual({ status: 200, scope: 'zoo:read' });
    expect(await introspect(token!)).toMatchObject({ active: true, client_id: 'legacy' });
  });
});
