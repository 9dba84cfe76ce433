import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendWebhook } from './send.js';
import { newWebhookSecret, webhookHeaders } from './signature.js';

interface Received {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

const received: Received[] = [];
let hugeClosed: Promise<void>;
let port = 0;

/** A receiver on loopback answering by path, as webhook receivers do (or fail to). */
function receiver(host: string, log: Received[], listenPort = 0): Promise<Server> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk);
    log.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
    const path = request.url ?? '';
    if (path === '/ok') return response.end('thanks');
    if (path === '/fail') return response.writeHead(500).end('database is down');
    if (path === '/gone') return response.writeHead(410).end();
    if (path === '/busy') return response.writeHead(429, { 'retry-after': '30' }).end();
    if (path === '/busy-until')
      return response.writeHead(503, { 'retry-after': new Date(Date.now() + 60_000).toUTCString() }).end();
    if (path === '/slow') return; // never answers
    if (path === '/redirect') return response.writeHead(302, { location: `http://127.0.0.1:${port}/ok` }).end();
    if (path === '/redirect-inside') return response.writeHead(307, { location: 'http://10.0.0.1/admin' }).end();
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      hugeClosed = new Promise((resolve) => response.once('close', () => resolve()));
      const block = Buffer.alloc(64 * 1024, 'x');
      const write = () => {
        while (!response.destroyed && response.write(block));
        if (!response.destroyed) response.once('drain', write);
      };
      return write();
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(listenPort, host, () => resolve(server)));
}

let server: Server;
const secret = newWebhookSecret();
const body = JSON.stringify({ type: 'animals.created', timestamp: new Date().toISOString(), data: { id: 'a1' } });
const headers = () => webhookHeaders({ id: 'msg_1', timestamp: new Date(), body, secrets: [secret] });
const allow = '127.0.0.1';
const send = (path: string, options = {}) =>
  sendWebhook({ url: `http://127.0.0.1:${port}${path}`, body, headers: headers(), allow, ...options });

beforeAll(async () => {
  server = await receiver('127.0.0.1', received);
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  received.length = 0;
});

describe('sendWebhook to an allow-listed loopback receiver', () => {
  it('delivers a body the standardwebhooks package verifies, and reports 200 with an excerpt', async () => {
    const outcome = await send('/ok');
    expect(outcome).toMatchObject({ status: 200, excerpt: 'thanks' });
    expect(outcome.error).toBeUndefined();
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    const [request] = received;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>)).toEqual(
      JSON.parse(body),
    );
  });

  it('reports 500, 410 and 429 with their excerpt and Retry-After (seconds or a date)', async () => {
    expect(await send('/fail')).toMatchObject({ status: 500, excerpt: 'database is down' });
    const gone = await send('/gone');
    expect(gone).toMatchObject({ status: 410 });
    expect(gone.excerpt).toBeUndefined();
    expect(await send('/busy')).toMatchObject({ status: 429, retryAfterMs: 30_000 });
    const until = await send('/busy-until');
    expect(until.status).toBe(503);
    expect(until.retryAfterMs).toBeGreaterThan(55_000);
    expect(until.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('gives up after the timeout with the code timeout', async () => {
    const outcome = await send('/slow', { timeoutMs: 300 });
    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toMatchObject({ code: 'timeout' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    expect(outcome.durationMs).toBeLessThan(3000);
  });

  it('reports a refused connection with the code connection-refused', async () => {
    const closed = await receiver('127.0.0.1', []);
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await sendWebhook({ url: `http://127.0.0.1:${closedPort}/`, body, headers: headers(), allow });
    expect(outcome.error).toMatchObject({ code: 'connection-refused' });
  });

  it('does not follow redirects: a 3xx is only a status, to the same host or inside', async () => {
    expect(await send('/redirect')).toMatchObject({ status: 302 });
    expect(await send('/redirect-inside')).toMatchObject({ status: 307 });
    expect(received.map((request) => request.path)).toEqual(['/redirect', '/redirect-inside']);
  });

  it('reads at most maxResponseBytes of a huge answer and drops the connection', async () => {
    const outcome = await send('/huge', { maxResponseBytes: 1024 });
    expect(outcome.status).toBe(200);
    expect(outcome.excerpt).toBe('x'.repeat(200));
    await hugeClosed; // the receiver sees the connection end instead of writing forever
  });
});

describe('sendWebhook refuses the inside network without an allow-list', () => {
  const privateResolver = async () => ['10.0.0.7'];
  it.each([
    ['http://127.0.0.1:PORT/ok', 'loopback'],
    ['http://[::1]:PORT/ok', 'loopback'],
    ['http://[::ffff:127.0.0.1]:PORT/ok', 'loopback'],
    ['http://0.0.0.0:PORT/ok', 'unspecified'],
    ['http://10.0.0.1:PORT/ok', 'private'],
    ['http://100.64.0.1:PORT/ok', 'shared'],
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://localhost:PORT/ok', 'localhost'],
    ['http://inside.example.com:PORT/ok', 'private'],
  ])('%s (%s): no connection is made', async (url, reason) => {
    const outcome = await sendWebhook({
      url: url.replace('PORT', String(port)),
      body,
      headers: headers(),
      allowHttp: true,
      resolve: privateResolver,
    });
    expect(outcome.error).toMatchObject({ code: 'destination', reason });
    expect(outcome.error?.message).toContain('is refused');
    expect(received).toEqual([]);
  });
});

describe('DNS rebinding', () => {
  it('connects to the address that was checked, whatever the name resolves to later', async () => {
    const elsewhere: Received[] = [];
    // A second receiver at the same port on another loopback address: where a rebound name would lead.
    const other = await receiver('127.0.0.2', elsewhere, port);
    const answers = [['127.0.0.1'], [`127.0.0.2`]];
    let asked = 0;
    const resolve = async () => answers[Math.min(asked++, 1)]!;
    try {
      const outcome = await sendWebhook({
        url: `http://rebind.example.com:${port}/ok`,
        body,
        headers: headers(),
        allow: '127.0.0.1', // the address, not the name: 127.0.0.2 is not allowed
        resolve,
      });
      expect(outcome).toMatchObject({ status: 200 });
      expect(asked).toBe(1);
      expect(received).toHaveLength(1);
      expect(received[0]?.headers.host).toBe(`rebind.example.com:${port}`);
      expect(elsewhere).toEqual([]);
      // The next attempt checks again and refuses the new, unlisted answer before connecting.
      const again = await sendWebhook({
        url: `http://rebind.example.com:${port}/ok`,
        body,
        headers: headers(),
        allow,
        resolve,
      });
      expect(again.error).toMatchObject({ code: 'destination', reason: 'loopback' });
      expect(elsewhere).toEqual([]);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('sendWebhook before connecting', () => {
  it('gives up on a resolver that never answers after the timeout', async () => {
    const outcome = await sendWebhook({
      url: 'https://hang.example.com/in',
      body: '{}',
      headers: {},
      timeoutMs: 200,
      resolve: () => new Promise(() => {}),
    });
    expect(outcome.error).toMatchObject({ code: 'timeout' });
  });

  it('throws a wrong allow-list instead of reporting it as the receiver failing', async () => {
    await expect(
      sendWebhook({ url: 'https://hooks.example.com/', body: '{}', headers: {}, allow: 'bad host' }),
    ).rejects.toThrow(expect.objectContaining({ code: 'CORRAL_INVALID_WEBHOOK_ALLOW' }));
  });
});
