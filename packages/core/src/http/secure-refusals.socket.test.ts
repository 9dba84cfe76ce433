import { once } from 'node:events';
import { connect as connectHttp2 } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { connect as connectPlain } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '../testing/fixtures.js';
import { http2Request, https1Request, testCertificate } from '../testing/tls.js';

let tls: { cert: string; key: string };
let server: ReturnType<typeof listenSecure>;
let port: number;
let origin: string;

/** The test API over TLS; headers and bodies get 300 ms, so that timeouts show quickly. */
function listenSecure() {
  return testApi().listen(0, undefined, { tls, headersTimeoutMs: 300, requestTimeoutMs: 300 });
}

beforeAll(async () => {
  tls = await testCertificate();
  server = listenSecure();
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  origin = `https://127.0.0.1:${port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Raw bytes over TLS (HTTP/1.1 by ALPN), read until the server closes the connection. */
function rawTls(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connectTls({ port, host: '127.0.0.1', ca: tls.cert, ALPNProtocols: ['http/1.1'] }, () =>
      socket.write(bytes),
    );
    let text = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
}

describe('what a secure server refuses, on both protocols, in the error shape', () => {
  const big = { 'x-big': 'a'.repeat(20_000) };

  it('answers headers over 16 KiB with 431 over HTTP/2, keeping the request id', async () => {
    const answer = await http2Request(origin, tls.cert, { ':path': '/v1', 'x-request-id': 'big-1', ...big });
    expect([answer.status, JSON.parse(answer.text), answer.headers['x-request-id']]).toEqual([
      431,
      { error: expect.stringContaining('headers') },
      'big-1',
    ]);
  });

  it('answers headers over 16 KiB with 431 over HTTP/1.1', async () => {
    const answer = await https1Request(`${origin}/v1`, tls.cert, { headers: big });
    expect([answer.status, JSON.parse(answer.text)]).toEqual([431, { error: expect.stringContaining('headers') }]);
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a malformed HTTP/1.1 request with 400 and its error code', async () => {
    const answer = await rawTls('GET /v1 HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ errorCode: 1022 });
  });

  it('answers CONNECT over HTTP/2 with 405 and Allow', async () => {
    const answer = await http2Request(origin, tls.cert, { ':method': 'CONNECT', ':authority': 'evil.example:443' });
    expect([answer.status, JSON.parse(answer.text)]).toEqual([405, { error: expect.stringContaining('CONNECT') }]);
    expect(answer.headers.allow).toContain('GET');
  });

  it('gives HTTP/1.1 over TLS the API-sized limits', () => {
    // node:http2 keeps them on the server as node:http does; Node's types know them on node:http alone.
    const limits = server as unknown as Record<string, number>;
    expect([limits.headersTimeout, limits.requestTimeout, limits.keepAliveTimeout, server.maxConnections]).toEqual([
      300, 300, 5_000, 10_000,
    ]);
  });

  it('cuts off an HTTP/1.1 client that never finishes its headers, with a 408', async () => {
    expect(await rawTls('GET /v1 HTTP/1.1\r\nHost: x\r\n')).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers an HTTP/2 body that never ends with a 408, and the session serves on', async () => {
    const session = connectHttp2(origin, { ca: tls.cert });
    try {
      const stream = session.request({
        ':method': 'POST',
        ':path': '/v1/employees',
        'content-type': 'application/json',
      });
      stream.write('{"name":'); // and nothing more
      let text = '';
      stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      const [headers] = (await once(stream, 'response')) as [Record<string, string>];
      // The answer, then RST_STREAM NO_ERROR: the server wants no more of this body.
      await once(stream, 'close');
      expect([Number(headers[':status']), JSON.parse(text)]).toEqual([
        408,
        { error: 'The request did not arrive in time' },
      ]);
      const next = session.request({ ':path': '/v1' });
      const [again] = (await once(next.end(), 'response')) as [Record<string, string>];
      expect(Number(again[':status'])).toBe(200);
      next.resume();
    } finally {
      session.destroy();
    }
  });

  it('closes a connection that speaks plain HTTP to the TLS port, without an answer', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connectPlain(port, '127.0.0.1', () => socket.write('GET /v1 HTTP/1.1\r\nHost: x\r\n\r\n'));
      let received = '';
      socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(text).not.toMatch(/HTTP\/1\.1/);
  });
});
