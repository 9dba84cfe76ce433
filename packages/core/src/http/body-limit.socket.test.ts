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

  it('answers every whole 2 MiB body sent at once with its 413, never a reset, and keeps the connection', async () => {
    // fetch (undici) writes the whole body and reports a reset as EPIPE: before the body was read
    // to its end and thrown away, 41 of 60 such uploads to the zoo failed so.
    const body = Buffer.alloc(2 * 1024 * 1024, 0x20);
    const outcomes: string[] = [];
    for (let round = 0; round < 60; round++) {
      const outcome = await fetch(`http://127.0.0.1:${port}/v1/employees`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).then(
        async (res) => `${res.status} ${res.headers.get('connection')} ${(await res.text()).includes('1048576')}`,
        (error: { cause?: { code?: string } }) => error.cause?.code ?? String(error),
      );
      outcomes.push(outcome);
    }
    expect(outcomes).toEqual(Array(60).fill('413 keep-alive true'));
  });

  it('answers 413 to a chunked body as soon as it passes the limit', async () => {
    const res = await partialUpload(port, { 'transfer-encoding': 'chunked' }, 1024 * 1024 + 128 * 1024);
    expect(res.status).toBe(413);
  });
});
