import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '../testing/fixtures.js';
import { createApiServer } from './server-settings.js';

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
    let timer: NodeJS.Timeout | undefined;
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (!sent && text.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
        sent = true;
        socket.write(body);
      }
      // Once the final answer is whole, a connection still open after a while is kept alive.
      if (!timer && finalAnswerWhole(text)) timer = setTimeout(() => done(false), 500);
    });
    socket.on('end', () => done(true));
    socket.write(`${head}\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n\r\n`);
  });
}

/** Whether `text` holds a whole final answer (its head, and as many body bytes as it declares). */
function finalAnswerWhole(text: string): boolean {
  const final = text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
  const end = final.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(final.slice(0, end))?.[1] ?? 0);
  return Buffer.byteLength(final.slice(end + 4)) >= length;
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

  it("leaves a listener that is not the API's to Node, which says 100 at once", async () => {
    // Such a listener may read the body without asking: its client must not wait for a 100.
    const own = createApiServer({}, (req, res) => {
      let length = 0;
      req.on('data', (chunk: Buffer) => (length += chunk.length));
      req.on('end', () => res.end(`read ${length}`));
    });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const { text } = await expectContinue(
        (own.address() as AddressInfo).port,
        'POST / HTTP/1.1\r\nContent-Length: 5',
        'hello',
      );
      expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
      expect(text).toContain('read 5');
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });
});
