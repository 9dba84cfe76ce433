import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '../testing/fixtures.js';

/**
 * Sends a request's head with `Expect: 100-continue` and holds its body back until the server
 * says 100 Continue, as curl and most HTTP clients do for large uploads. What came back, and
 * whether the server closed the connection after it.
 */
function expectContinue(port: number, head: string, body: string): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let sent = false;
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    // A final answer and a connection left open: the server waits for the next request.
    const timer = setTimeout(() => done(false), 1500);
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (!sent && text.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
        sent = true;
        socket.write(body);
      }
    });
    socket.on('end', () => done(true));
    socket.write(`${head}\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n\r\n`);
  });
}

describe('Expect: 100-continue over a real socket', () => {
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

  it('says 100 Continue when the handler reads the body, then answers it', async () => {
    const body = JSON.stringify({ name: 'Held', yearOfBirth: 1990, state: 'internal', maturity: 'junior' });
    const { text, closed } = await expectContinue(
      port,
      `POST /v1/employees HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}`,
      body,
    );
    expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    expect(text).toContain('"name":"Held"');
    expect(closed).toBe(false);
  });

  it('refuses a body too large by its declared length with 413 and no 100, and closes', async () => {
    const { text, closed } = await expectContinue(
      port,
      `POST /v1/employees HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${4 * 1024 * 1024}`,
      '',
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).not.toContain('100 Continue');
    expect(text.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
  });

  it('answers a request refused before its body is needed (404, 415) without a 100, and closes', async () => {
    for (const head of [
      'POST /v1/nothing-here HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2',
      'POST /v1/employees HTTP/1.1\r\nContent-Type: text/plain\r\nContent-Length: 2',
    ]) {
      const { text, closed } = await expectContinue(port, head, '{}');
      expect(text).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(text).not.toContain('100 Continue');
      expect(text.toLowerCase()).toContain('connection: close');
      expect(closed).toBe(true);
    }
  });
});
