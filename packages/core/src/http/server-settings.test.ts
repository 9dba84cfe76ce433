import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { testApi } from '../testing/fixtures.js';
import { createApiServer, defaultServerSettings } from './server-settings.js';

describe('the server api.listen starts', () => {
  it('listens on 127.0.0.1 unless told otherwise, with API-sized limits', async () => {
    const server = testApi().listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
      expect(server.headersTimeout).toBe(10_000);
      expect(server.requestTimeout).toBe(30_000);
      expect(server.keepAliveTimeout).toBe(5_000);
      expect(server.maxConnections).toBe(10_000);
    } finally {
      server.close();
    }
  });

  it('takes other limits from createApi({ server })', async () => {
    const server = testApi({ server: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, maxConnections: 5 } }).listen(
      0,
    );
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      expect([server.headersTimeout, server.requestTimeout, server.maxConnections]).toEqual([1_000, 2_000, 5]);
    } finally {
      server.close();
    }
  });

  it('cuts off a client that never finishes its headers, with a 408', async () => {
    const server = testApi({ server: { headersTimeoutMs: 300, requestTimeoutMs: 300 } }).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write('GET /v1 HTTP/1.1\r\nHost: x\r\n'));
        let text = '';
        socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      server.close();
    }
  });

  it('keeps 1 MiB unread on a streamed answer unless told otherwise, and refuses a buffer that is not whole bytes', () => {
    expect(defaultServerSettings.streamBufferBytes).toBe(1024 * 1024);
    for (const streamBufferBytes of [0, 1.5, Number.NaN])
      expect(() => createApiServer({ streamBufferBytes })).toThrow(
        expect.objectContaining({
          code: 'CORRAL_INVALID_SERVER_SETTING',
          message: expect.stringContaining('streamBufferBytes'),
        }),
      );
  });
});
