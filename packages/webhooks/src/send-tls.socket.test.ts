import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendWebhook } from './send.js';

// An https receiver on loopback with a certificate for hooks.example.com that the sender does not
// trust: the handshake shows which server name the sender asked for, and that it checks certificates.
let server: Server;
let port = 0;
const serverNames: string[] = [];
let requests = 0;

beforeAll(async () => {
  const made = await selfsigned.generate([{ name: 'commonName', value: 'hooks.example.com' }], {
    keyType: 'ec',
    curve: 'P-256',
  });
  server = createServer(
    {
      cert: made.cert,
      key: made.private,
      SNICallback: (name, done) => (serverNames.push(name), done(null)),
    },
    (_request, response) => (requests++, response.end('ok')),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it('connects to the checked address, asks TLS for the host name, refuses an untrusted certificate', async () => {
  const outcome = await sendWebhook({
    url: `https://hooks.example.com:${port}/in`,
    body: '{}',
    headers: { 'content-type': 'application/json' },
    allow: '127.0.0.1',
    resolve: async () => ['127.0.0.1'],
  });
  expect(outcome.error?.code).toBe('connection-failed');
  expect(outcome.error?.message).toMatch(/certificate/i);
  expect(serverNames).toEqual(['hooks.example.com']);
  expect(requests).toBe(0);
});
