import { once } from 'node:events';
import { request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../api/create-api.js';
import { defineOperation } from '../operation/define-operation.js';
import { stopGracefully } from './graceful-stop.js';
import { silentLogger } from './logger.js';

/** An API whose `wait` operation answers only when the test lets it. */
function slowApi() {
  let release = (): void => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let began = (): void => {};
  const handling = new Promise<void>((resolve) => (began = resolve));
  const wait = defineOperation({ name: 'wait', query: z.object({}), handler: async () => (began(), await released, { done: true }) });
  const server: Server = createApi({ operations: [wait], logger: silentLogger }).listen(0);
  return { server, release, handling, ready: new Promise<number>((resolve) => server.once('listening', () => resolve((server.address() as AddressInfo).port))) };
}

describe('stopGracefully', () => {
  it('answers a request in flight with Connection: close, so a keep-alive client is never reset', async () => {
    const { server, release, handling, ready } = slowApi();
    const port = await ready;
    const answer = new Promise<{ status: number; connection: string | undefined; closed: Promise<void> }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/v1/wait', headers: { connection: 'keep-alive' } }, (res) => {
        res.resume();
        const closed = new Promise<void>((done) => res.socket.once('close', () => done()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, closed }));
      });
      req.on('error', reject);
      req.end();
    });
    await handling; // the request is in flight
    const stopped = stopGracefully(server, 5_000);
    release();
    const { status, connection, closed } = await answer;
    expect(status).toBe(200);
    expect(connection).toBe('close');
    await closed;
    await stopped;
  });

  it('cuts off a client that never finishes its body once the grace time is over', async () => {
    const { server, ready } = slowApi();
    const port = await ready;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const headersRead = once(server, 'request'); // the server has the request, and waits for its body
    socket.write('POST /v1/wait HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a"');
    socket.resume(); // read what comes, so that the close is seen
    const cutOff = new Promise((resolve) => socket.once('close', resolve));
    await headersRead;
    const started = Date.now();
    await stopGracefully(server, 300);
    await cutOff;
    // Well before the 30 s request timeout: the grace time decides.
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
