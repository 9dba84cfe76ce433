import { connect } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '../testing/fixtures.js';

/** Sends raw bytes and returns the status line and body of the answer (the connection is closed after it). */
function rawExchange(port: number, head: string, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.concat([Buffer.from(head), body])));
    let text = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        body: text.slice(text.indexOf('\r\n\r\n') + 4),
      }),
    );
  });
}

const chunked = (payload: Buffer) =>
  Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from('\r\n0\r\n\r\n')]);
const record = Buffer.from(JSON.stringify({ name: 'Zip', yearOfBirth: 1990, state: 'internal', maturity: 'junior' }));

describe('compressed request bodies over a real socket', () => {
  let server: Server;
  let port: number;
  let api: ReturnType<typeof testApi>;
  beforeAll(async () => {
    api = testApi();
    server = api.listen(0, '127.0.0.1');
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
  const head = (extra: string) =>
    `POST /v1/employees HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\n${extra}\r\n`;
  const total = async () =>
    (await (await api.fetch(new Request('http://x/v1/employees?limit=1'))).json()).total as number;

  it('refuses a transfer coding other than chunked (415) and stores nothing', async () => {
    const before = await total();
    const res = await rawExchange(port, head('Transfer-Encoding: gzip, chunked\r\n'), chunked(gzipSync(record)));
    expect(res.status).toBe(415);
    expect(res.body, 'the body of a 415').toContain('chunked transfer coding');
    expect(await total()).toBe(before);
  });

  it('refuses a Content-Encoding (415) and stores nothing', async () => {
    const before = await total();
    const zipped = gzipSync(record);
    const res = await rawExchange(port, head(`Content-Encoding: gzip\r\nContent-Length: ${zipped.length}\r\n`), zipped);
    expect(res.status).toBe(415);
    expect(await total()).toBe(before);
  });

  it('still takes a plain chunked body', async () => {
    const res = await rawExchange(port, head('Transfer-Encoding: chunked\r\n'), chunked(record));
    expect(res.status).toBe(201);
  });
});
