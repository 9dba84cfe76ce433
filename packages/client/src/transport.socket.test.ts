import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { CorralClientError } from './errors.js';
import { retryPolicy } from './retry.js';
import { createSend } from './transport.js';
import { Destinations } from './destinations.js';

/** A loopback server answering each request with the next scripted reply ('drop' cuts the connection). */
async function scripted(replies: (readonly [number, Record<string, string>?] | 'drop')[]) {
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(`${req.method} ${req.headers['idempotency-key'] ? 'keyed' : ''}`.trim());
    const reply = replies.shift() ?? [200];
    if (reply === 'drop') return req.socket.destroy();
    res
      .writeHead(reply[0], { 'content-type': 'application/json', ...reply[1] })
      .end(JSON.stringify(reply[0] < 400 ? { ok: true } : { error: 'busy' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/things`;
  return {
    url,
    seen,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('sending with retries over a real socket', () => {
  const agent = new Agent();
  // Each server listens on a port of its own: the client may send only to the origin it was given.
  const sendTo = (url: string) =>
    createSend(agent, undefined, retryPolicy({ retries: 2, baseDelayMs: 5 }), new Destinations(url));
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('retries 503 and 429, honouring Retry-After, for any method', async () => {
    const server = await scripted([[503, { 'retry-after': '0' }], [429, { 'retry-after': '0' }], [201]]);
    close = server.close;
    expect((await sendTo(server.url)({ method: 'POST', url: server.url, body: {} })).status).toBe(201);
    expect(server.seen).toEqual(['POST', 'POST', 'POST']);
  });

  it('gives a 503 without Retry-After (a write of unknown outcome) back for a plain POST, retries it when safe', async () => {
    const server = await scripted([[503], [503], [200], [503], [201]]);
    close = server.close;
    expect((await sendTo(server.url)({ method: 'POST', url: server.url, body: {} })).status).toBe(503);
    expect((await sendTo(server.url)({ method: 'GET', url: server.url })).status).toBe(200);
    expect(
      (await sendTo(server.url)({ method: 'POST', url: server.url, body: {}, headers: { 'idempotency-key': 'k2' } }))
        .status,
    ).toBe(201);
    expect(server.seen).toEqual(['POST', 'GET', 'GET', 'POST keyed', 'POST keyed']);
  });

  it('gives the 429 back when Retry-After asks for longer than the longest wait', async () => {
    const server = await scripted([[429, { 'retry-after': '3600' }]]);
    close = server.close;
    expect((await sendTo(server.url)({ method: 'GET', url: server.url })).status).toBe(429);
  });

  it('retries a connection cut for GET and for a POST with an Idempotency-Key, never a plain POST', async () => {
    const server = await scripted(['drop', [200], 'drop', [201], 'drop']);
    close = server.close;
    expect((await sendTo(server.url)({ method: 'GET', url: server.url })).status).toBe(200);
    expect(
      (await sendTo(server.url)({ method: 'POST', url: server.url, body: {}, headers: { 'idempotency-key': 'k1' } }))
        .status,
    ).toBe(201);
    const refused = await sendTo(server.url)({ method: 'POST', url: server.url, body: {} }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(CorralClientError);
    expect((refused as CorralClientError).status).toBe(0);
    expect(server.seen).toEqual(['GET', 'GET', 'POST keyed', 'POST keyed', 'POST']);
  });
});
