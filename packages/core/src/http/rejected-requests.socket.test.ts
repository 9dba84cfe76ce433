import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '../testing/fixtures.js';

let server: Server;
let port: number;
beforeAll(async () => {
  server = testApi().listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
);

/** Sends raw bytes and reads the answer until the server closes the connection. */
function raw(bytes: string): Promise<{ status: number; headers: Record<string, string>; json: any }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, json: body ? JSON.parse(body) : undefined });
    });
  });
}

describe('requests node:http refuses before the API sees them', () => {
  const cases: [string, string, number, number][] = [
    [
      'conflicting framing',
      'POST /v1/employees HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
      400,
      1022,
    ],
    ['a bare LF line ending', 'GET /v1 HTTP/1.1\nHost: x\n\n', 400, 1022],
    ['an unknown method', 'FROB /v1 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 1022],
    ['no Host header', 'GET /v1 HTTP/1.1\r\n\r\n', 400, 1022],
    ['a 20 KB header', `GET /v1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 1023],
    ['a 70 KB URL', `GET /v1?${'q'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 1023],
  ];
  it.each(cases)('answers %s in the error shape, with an X-Request-Id', async (_label, bytes, status, code) => {
    const res = await raw(bytes);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A 400 carries the detailed body; other statuses the short one, as everywhere in the API.
    if (status === 400)
      expect(res.json).toMatchObject({
        message: expect.any(String),
        errorCode: code,
        additionalInformation: `/v1/errors/${code}`,
      });
    else expect(res.json).toEqual({ error: expect.any(String) });
  });

  it('answers CONNECT with 405 instead of leaving it hanging', async () => {
    const res = await raw('CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n');
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ error: expect.stringContaining('CONNECT') });
    expect(res.headers.allow).toContain('GET');
  });
});
