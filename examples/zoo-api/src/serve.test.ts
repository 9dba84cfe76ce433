import { request } from 'node:http';
import { silentLogger } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { serve } from './serve.js';

describe('serve (what npm start runs)', () => {
  it('starts on PORT=0 with working defaults: the issuer follows the port actually bound', async () => {
    const service = await serve({ PORT: '0' }, silentLogger);
    try {
      const discovery = await (await fetch(`${service.localOrigin}/oauth/.well-known/openid-configuration`)).json();
      expect(discovery.issuer).toBe(`${service.publicUrl}/oauth`);
      expect(service.publicUrl).toMatch(/^http:\/\/localhost:\d+$/);
      expect(service.publicUrl).not.toBe('http://localhost:0');
    } finally {
      await service.stop();
    }
  });

  it('finishes a request in flight when stopping, then refuses new connections', async () => {
    const service = await serve({ PORT: '0' }, silentLogger);
    const { port } = new URL(service.localOrigin);
    // A request whose body is still arriving when the stop begins.
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'GET', path: '/v1', headers: { 'content-length': '0' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      setTimeout(() => req.end(), 50);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const stopped = service.stop();
    expect(await inFlight).toBe(200);
    await stopped;
    await expect(fetch(`${service.localOrigin}/v1`)).rejects.toThrow();
  });
});
