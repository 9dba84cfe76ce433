import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { limitNodeHandler } from './node-handler.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

function post(port: number, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end('grant_type=client_credentials');
  });
}

describe('limitNodeHandler', () => {
  it('limits a plain node:http handler per address over a real socket, counting only what it is told to', async () => {
    const handler = limitNodeHandler((_req, res) => res.end('token'), {
      limit: 2,
      windowSeconds: 60,
      counts: (req) => req.url === '/token',
    });
    server = createServer(handler).listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const first = await post(port, '/token');
    expect(first.status).toBe(200);
    expect(first.headers.ratelimit).toMatch(/^"default";r=1;t=\d+$/);
    expect((await post(port, '/token')).status).toBe(200);
    const refused = await post(port, '/token');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-policy']).toBe('"default";q=2;w=60');
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringMatching(/Rate limit of 2 requests/) });
    expect((await post(port, '/other')).status).toBe(200);
  });

  it('lets requests through uncounted when the counters fail, or answers 503 where the policy refuses', async () => {
    const failing = { hit: async () => Promise.reject(new Error('Connection terminated unexpectedly')) };
    const admit = limitNodeHandler((_req, res) => res.end('token'), { limit: 2, windowSeconds: 60, store: failing });
    const refuse = limitNodeHandler((_req, res) => res.end('token'), {
      limit: 2,
      windowSeconds: 60,
      store: failing,
      whenStoreFails: 'refuse',
    });
    server = createServer((req, res) => (req.url === '/strict' ? refuse(req, res) : admit(req, res))).listen(
      0,
      '127.0.0.1',
    );
    await new Promise((resolve) => server!.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    expect(await post(port, '/token')).toMatchObject({ status: 200, body: 'token' });
    const refused = await post(port, '/strict');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringContaining('counters cannot be reached') });
  });

  it("answers in OAuth's shape when asked: the code in error, the sentence in error_description, and Retry-After", async () => {
    const handler = limitNodeHandler((_req, res) => res.end('token'), {
      limit: 1,
      windowSeconds: 60,
      errorShape: 'oauth',
    });
    server = createServer(handler).listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    expect((await post(port, '/token')).status).toBe(200);
    const refused = await post(port, '/token');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({
      error: 'temporarily_unavailable',
      error_description: expect.stringMatching(/Rate limit of 1 request/),
    });
  });
});
