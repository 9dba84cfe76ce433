import { once } from 'node:events';
import { Agent, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApi } from '../index.js';
import { z } from 'zod';
import { defineOperation } from '../operation/define-operation.js';
import { gatedOperation } from '../testing/gated-operation.js';
import { stopGracefully } from './graceful-stop.js';
import { silentLogger } from './logger.js';

/** An API whose `wait` operation answers only when the test lets it. */
function slowApi() {
  const { operation: wait, release, handling } = gatedOperation();
  const server: Server = createApi({ operations: [wait], logger: silentLogger }).listen(0);
  return {
    server,
    release,
    handling,
    ready: new Promise<number>((resolve) =>
      server.once('listening', () => resolve((server.address() as AddressInfo).port)),
    ),
  };
}

describe('stopGracefully', () => {
  it('answers a request in flight with Connection: close, so a keep-alive client is never reset', async () => {
    const { server, release, handling, ready } = slowApi();
    const port = await ready;
    const answer = new Promise<{ status: number; connection: string | undefined; closed: Promise<void> }>(
      (resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: '/v1/wait', headers: { connection: 'keep-alive' } },
          (res) => {
            res.resume();
            const closed = new Promise<void>((done) => res.socket.once('close', () => done()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, closed }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    await handling; // the request is in flight
    const stopped = stopGracefully(server, 5_000);
    release();
    const { status, connection, closed } = await answer;
    expect(status).toBe(200);
    expect(connection).toBe('close');
    await closed;
    await stopped;
  });

  it('resets no keep-alive client of a busy server: requests arriving during the stop get Connection: close', async () => {
    const ping = defineOperation({ name: 'ping', query: z.object({}), handler: async () => ({ pong: true }) });
    const server: Server = createApi({ operations: [ping], logger: silentLogger }).listen(0);
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    const outcomes = new Map<string, number>();
    const note = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
    /** One request; true when the client should go on (the server did not say it is closing). */
    const send = () =>
      new Promise<boolean>((resolve) => {
        const req = request({ host: '127.0.0.1', port, path: '/v1/ping', agent }, (res) => {
          res.resume();
          res.on('end', () => (note(String(res.statusCode)), resolve(res.headers.connection !== 'close')));
        });
        // Which connection failed matters: a reset of one the client reused is what a graceful stop
        // must prevent; a new connection still in the kernel's accept queue when the listener closes
        // is reset by the kernel, never reached the server, and is as safe to retry as a refusal.
        req.on(
          'error',
          (error: NodeJS.ErrnoException) => (
            note(`${error.code ?? error.message}${req.reusedSocket ? ' on a reused connection' : ''}`), resolve(false)
          ),
        );
        req.end();
      });
    // 50 clients, each sending again as soon as it has its answer, until the server says it closes
    // the connection (as a client honouring Connection: close does) or refuses a new one.
    const clients = Array.from({ length: 50 }, async () => {
      while (await send());
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    // A drain window that a busy test machine's pauses do not outlast.
    await stopGracefully(server, 5_000, 3_000);
    await Promise.all(clients);
    agent.destroy();
    expect(outcomes.get('200')).toBeGreaterThan(50);
    // A new connection refused (or reset unaccepted) once the server stopped listening is expected;
    // a reset of a connection the server had answered on never is.
    expect(
      [...outcomes.keys()].filter((what) => what !== '200' && what !== 'ECONNREFUSED' && what !== 'ECONNRESET'),
    ).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('cuts off a client that never finishes its body once the grace time is over', async () => {
    const { server, ready } = slowApi();
    const port = await ready;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const headersRead = once(server, 'request'); // the server has the request, and waits for its body
    socket.write(
      'POST /v1/wait HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a"',
    );
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
