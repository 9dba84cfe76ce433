import { createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { replayedRequest } from './replayed-request.js';

/** Sends one chunked POST over loopback and gives what the replay of its (consumed) request shows. */
async function replayOfChunkedPost(newBody: string) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const seen = new Promise<{ req: IncomingMessage; replay: IncomingMessage; read: string }>((resolve) =>
    server.once('request', async (req: IncomingMessage, res) => {
      await text(req); // read it whole, as the token endpoint's guard does
      const replay = replayedRequest(Object.assign(req, { originalUrl: '/oauth/token' }), Buffer.from(newBody));
      resolve({ req, replay, read: await text(replay) });
      res.end();
    }),
  );
  const { port } = server.address() as AddressInfo;
  const client = request({ host: '127.0.0.1', port, method: 'POST', path: '/token?x=1' }, (res) => res.resume());
  client.write('a=1&');
  client.end('b=2');
  const result = await seen;
  server.close();
  return result;
}

describe('replayedRequest', () => {
  it('reads as the body given, with the request line, headers and socket of the original', async () => {
    const { req, replay, read } = await replayOfChunkedPost('a=1&b=2&scope=zoo%3Aread');
    expect(read).toBe('a=1&b=2&scope=zoo%3Aread');
    expect(req.headers['transfer-encoding']).toBe('chunked');
    expect(replay.headers['transfer-encoding']).toBeUndefined();
    expect(replay.headers['content-length']).toBe('24');
    expect(replay.headers.host).toBe(req.headers.host);
    expect({ method: replay.method, url: replay.url, socket: replay.socket }).toEqual({
      method: 'POST',
      url: '/token?x=1',
      socket: req.socket,
    });
    expect((replay as IncomingMessage & { originalUrl?: string }).originalUrl).toBe('/oauth/token');
    expect(replay.httpVersion).toBe('1.1');
  });
});
