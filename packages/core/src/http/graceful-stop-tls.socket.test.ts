import { once } from 'node:events';
import { connect, type ClientHttp2Session, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../index.js';
import { gatedOperation } from '../testing/gated-operation.js';
import { https1Request, testCertificate } from '../testing/tls.js';
import { stopGracefully } from './graceful-stop.js';
import { silentLogger } from './logger.js';

let tls: { cert: string; key: string };
beforeAll(async () => {
  tls = await testCertificate();
});

/** An API over TLS whose `wait` operation answers only when the test lets it. */
async function slowSecureApi() {
  const { operation: wait, release, handling } = gatedOperation();
  const server: Http2SecureServer = createApi({ operations: [wait], logger: silentLogger }).listen(0, undefined, {
    tls,
  });
  await once(server, 'listening');
  return { server, release, handling, origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Sends a request on a session and reads its answer. */
function ask(session: ClientHttp2Session, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': path });
    let status = 0;
    let text = '';
    stream.on('response', (headers) => (status = Number(headers[':status'])));
    stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve({ status, text }));
    stream.on('error', reject);
  });
}

describe('stopGracefully on a secure server', () => {
  it('sends GOAWAY to an HTTP/2 session and still answers the request in flight on it', async () => {
    const { server, release, handling, origin } = await slowSecureApi();
    const session = connect(origin, { ca: tls.cert });
    const goaway = once(session, 'goaway');
    const answer = ask(session, '/v1/wait');
    await handling;
    const started = Date.now();
    const stopped = stopGracefully(server, 5_000);
    await goaway; // told at once, while its request is still being handled
    release();
    expect(await answer).toEqual({ status: 200, text: '{"done":true}' });
    await stopped;
    expect(Date.now() - started).toBeLessThan(2_000);
    // The session is closed and so is the listener: nothing more gets in.
    await expect(
      ask(
        connect(origin, { ca: tls.cert }).on('error', () => {}),
        '/v1',
      ),
    ).rejects.toThrow();
    session.destroy();
  });

  it('closes an idle HTTP/2 session at once rather than after the drain window', async () => {
    const { server, origin } = await slowSecureApi();
    const session = connect(origin, { ca: tls.cert });
    await ask(session, '/v1');
    const closed = once(session, 'close');
    const started = Date.now();
    await stopGracefully(server, 5_000, 3_000);
    await closed;
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('cuts off an HTTP/2 request whose body never ends once the grace time is over', async () => {
    const { server, origin } = await slowSecureApi();
    const session = connect(origin, { ca: tls.cert });
    session.on('error', () => {});
    const stream = session.request({ ':method': 'POST', ':path': '/v1/wait', 'content-type': 'application/json' });
    stream.on('error', () => {});
    stream.write('{"a"');
    await once(server, 'request');
    const started = Date.now();
    await stopGracefully(server, 300);
    await once(session, 'close');
    expect(Date.now() - started).toBeLessThan(3_000); // the grace time decides, not the 30 s request timeout
  });

  it('answers an HTTP/1.1 request in flight over TLS with Connection: close', async () => {
    const { server, release, handling, origin } = await slowSecureApi();
    const answer = https1Request(`${origin}/v1/wait`, tls.cert, { headers: { connection: 'keep-alive' } });
    await handling;
    const stopped = stopGracefully(server, 5_000);
    release();
    const { status, headers } = await answer;
    expect([status, headers.connection]).toEqual([200, 'close']);
    await stopped;
  });
});
