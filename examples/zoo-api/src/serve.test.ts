import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { silentLogger } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { answerStartingUp, serve } from './serve.js';

describe('serve (what npm start runs)', () => {
  it('answers 503 with Retry-After and a request id while the API is being assembled, and 200 to the liveness probe', async () => {
    const server = createServer(answerStartingUp('')).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const answer = await fetch(`${origin}/v1/zoos`);
      expect([answer.status, answer.headers.get('retry-after'), await answer.json()]).toEqual([
        503,
        '1',
        { error: 'Starting up' },
      ]);
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      // The process is alive meanwhile: a liveness probe must not restart it.
      const alive = await fetch(`${origin}/health`, { headers: { 'x-request-id': 'probe-1' } });
      expect([alive.status, await alive.json(), alive.headers.get('x-request-id')]).toEqual([
        200,
        { status: 'ok' },
        'probe-1',
      ]);
      expect((await fetch(`${origin}/ready`)).status).toBe(503);
    } finally {
      server.close();
    }
  });

  it('starts on PORT=0 with working defaults: the issuer follows the port actually bound', async () => {
    const service = await serve({ PORT: '0', STORE: 'memory' }, silentLogger);
    try {
      const discovery = await (await fetch(`${service.localOrigin}/oauth/.well-known/openid-configuration`)).json();
      expect(discovery.issuer).toBe(`${service.publicUrl}/oauth`);
      expect(service.publicUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(service.publicUrl).not.toBe('http://127.0.0.1:0');
    } finally {
      await service.stop();
    }
  });

  it('finishes a request in flight when stopping, then refuses new connections', async () => {
    const service = await serve({ PORT: '0', STORE: 'memory' }, silentLogger);
    const { port } = new URL(service.localOrigin);
    const tokenAnswer = await fetch(`${service.localOrigin}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('zoo-admin:zoo-admin-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const body = JSON.stringify({ name: 'Late Zoo' });
    // The headers go now; the body only once the stop has begun, so the request is surely in flight.
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/v1/zoos',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
    const received = once(service.server, 'request'); // the server has read the headers: the request is in flight
    req.flushHeaders();
    await received;
    const stopped = service.stop();
    req.end(body);
    expect(await answered).toBe(201);
    await stopped;
    await expect(fetch(`${service.localOrigin}/v1`)).rejects.toThrow();
  });
});
