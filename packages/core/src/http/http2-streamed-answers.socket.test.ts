import { once } from 'node:events';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { defineOperation } from '../operation/define-operation.js';
import { testCertificate } from '../testing/tls.js';
import { streamingRoute, type TestStream, testStream } from '../testing/test-stream.js';
import { silentLogger } from './logger.js';

const ping = defineOperation({ name: 'ping', query: z.object({}), handler: () => ({ pong: true }) });

it('times an HTTP/2 session out again once the silent feed it spared has ended', async () => {
  const streams: TestStream[] = [];
  const api = createApi({
    operations: [ping],
    logger: silentLogger,
    plugins: [streamingRoute('/v1/stream', () => streams[streams.push(testStream()) - 1]!)],
  });
  const tls = await testCertificate();
  const settings = { tls, keepAliveTimeoutMs: 200, headersTimeoutMs: 300, requestTimeoutMs: 300 };
  const server = api.listen(0, '127.0.0.1', settings);
  await once(server, 'listening');
  const session = connect(`https://127.0.0.1:${(server.address() as AddressInfo).port}`, { ca: tls.cert });
  try {
    const stream = session.request({ ':path': '/v1/stream' });
    stream.resume();
    await once(stream, 'response');
    const sink = await streams[0]!.opened;
    await sleep(600); // the feed is silent for three idle timeouts: the session stays
    expect(session.closed).toBe(false);
    sink.end();
    const ended = performance.now();
    await once(session, 'close');
    expect(performance.now() - ended).toBeLessThan(2_000);
  } finally {
    session.destroy();
    server.close();
  }
});

it('writes each HTTP/2 stream of a session as its own answer: one ends, the other goes on', async () => {
  const streams: TestStream[] = [];
  const api = createApi({
    operations: [ping],
    logger: silentLogger,
    plugins: [streamingRoute('/v1/stream', () => streams[streams.push(testStream()) - 1]!)],
  });
  const tls = await testCertificate();
  const server = api.listen(0, '127.0.0.1', { tls });
  await once(server, 'listening');
  const session = connect(`https://127.0.0.1:${(server.address() as AddressInfo).port}`, { ca: tls.cert });
  try {
    const texts = ['', ''];
    const requests = [0, 1].map((i) => {
      const stream = session.request({ ':path': '/v1/stream' });
      stream.setEncoding('utf8').on('data', (chunk: string) => (texts[i] += chunk));
      return stream;
    });
    await Promise.all(requests.map((stream) => once(stream, 'response')));
    const [first, second] = await Promise.all(streams.map((s) => s.opened));
    first!.write('data: a\n\n');
    second!.write('data: b\n\n');
    first!.end();
    await once(requests[0]!, 'close');
    second!.write('data: c\n\n');
    await vi.waitFor(() => expect(texts[1]).toBe('data: b\n\ndata: c\n\n'));
    expect(texts[0]).toBe('data: a\n\n');
    expect(session.closed).toBe(false);
    second!.end();
    await once(requests[1]!, 'close');
  } finally {
    session.destroy();
    server.close();
  }
});
