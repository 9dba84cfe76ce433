import { once } from 'node:events';
import { connect, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '../testing/fixtures.js';
import { testCertificate } from '../testing/tls.js';

let origin: string;
let cert: string;
let server: Http2SecureServer;

beforeAll(async () => {
  const tls = await testCertificate();
  cert = tls.cert;
  const timeouts = { keepAliveTimeoutMs: 200, requestTimeoutMs: 300, headersTimeoutMs: 300 };
  server = testApi().listen(0, undefined, { tls, ...timeouts });
  await once(server, 'listening');
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('an HTTP/2 client that stops reading', () => {
  it('has its session cut once it stayed silent a keep-alive and a request timeout long', async () => {
    // A window of 0 bytes: the server can send headers but not one byte of the page.
    const session = connect(origin, { ca: cert, settings: { initialWindowSize: 0 } });
    session.on('error', () => undefined);
    const stream = session.request({ ':path': '/v1/employees?limit=100' });
    stream.on('error', () => undefined);
    const started = Date.now();
    await once(session, 'close');
    // Cut by the server within a few timeouts, not held open for good.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
