import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '../testing/fixtures.js';

/**
 * Sends only part of a large body and waits for the answer: a server that answers 413 before the
 * client has finished sending has not read (or buffered) the rest.
 */
function partialUpload(
  port: number,
  headers: Record<string, string>,
  sendBytes: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/employees',
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    for (let sent = 0; sent < sendBytes; sent += chunk.length) req.write(chunk);
    // Deliberately never calling req.end(): the rest of the body is never sent.
  });
}

describe('body limit over a real socket', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = testApi().listen(0, '127.0.0.1');
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

  it('answers 413 to a declared 2 MiB body after 64 KiB of it, closing the connection', async () => {
    const res = await partialUpload(port, { 'content-length': String(2 * 1024 * 1024) }, 64 * 1024);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: expect.stringContaining('1048576') });
  });

  it('answers 413 to a chunked body as soon as it passes the limit', async () => {
    const res = await partialUpload(port, { 'transfer-encoding': 'chunked' }, 1024 * 1024 + 128 * 1024);
    expect(res.status).toBe(413);
  });
});
