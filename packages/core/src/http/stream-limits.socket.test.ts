import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { defineOperation } from '../operation/define-operation.js';
import { type StreamServer, streamServer } from '../testing/stream-clients.js';
import { streamingRoute, type TestStream, type TestStreamOptions, testStream } from '../testing/test-stream.js';
import { stopGracefully } from './graceful-stop.js';
import { silentLogger } from './logger.js';
import { openStreamCount, stopStreams } from './node-stream.js';
import type { ServerSettings } from './server-settings.js';

const ping = defineOperation({ name: 'ping', query: z.object({}), handler: () => ({ pong: true }) });

/** An API whose /v1/stream answers with test streams made with `options`. */
function streamingApi(options: TestStreamOptions = {}) {
  const streams: TestStream[] = [];
  const api = createApi({
    operations: [ping],
    plugins: [streamingRoute('/v1/stream', () => streams[streams.push(testStream(options)) - 1]!)],
    logger: silentLogger,
  });
  return { api, streams };
}

describe.each(['http1', 'h2'] as const)('the limits of a streamed answer over %s', (transport) => {
  let served: StreamServer | undefined;
  const serve = async (api: ReturnType<typeof streamingApi>['api'], settings: ServerSettings = {}) =>
    (served = await streamServer(api, transport, settings));
  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  it('outlives the request and keep-alive timeouts: it lasts as long as it writes', async () => {
    const { api, streams } = streamingApi();
    const { open } = await serve(api, { headersTimeoutMs: 200, requestTimeoutMs: 200, keepAliveTimeoutMs: 200 });
    const client = await open('/v1/stream');
    const sink = await streams[0]!.opened;
    await sleep(1_500); // silent for several timeouts (checked every 200 ms)
    expect(sink.write('data: late\n\n')).toBe(true);
    await client.received('data: late');
    sink.end();
    await client.ended;
    expect(client.text()).toBe('data: late\n\n');
  });

  it('cuts a client that stops reading once the buffer is full, rather than buffer without bound', async () => {
    const { api, streams } = streamingApi();
    const { open } = await serve(api, { streamBufferBytes: 64 * 1024 });
    const client = await open('/v1/stream');
    client.pause();
    const sink = await streams[0]!.opened;
    const chunk = `data: ${'x'.repeat(16 * 1024)}\n\n`;
    let sent = 0;
    // Kernel and client buffers take some first; then the server's own buffer passes its limit.
    while (sent < 256 * 1024 * 1024 && sink.write(chunk)) {
      sent += chunk.length;
      if (sent % (1024 * 1024) < chunk.length) await sleep(1);
    }
    expect(sent).toBeLessThan(32 * 1024 * 1024);
    await streams[0]!.closed;
    expect(openStreamCount()).toBe(0);
  });

  it('is told to stop by a graceful stop, ends with its last words, and the server closes soon after', async () => {
    const { api, streams } = streamingApi({ lastWords: 'retry: 1000\n\n' });
    const { open, server } = await serve(api);
    const client = await open('/v1/stream');
    const sink = await streams[0]!.opened;
    sink.write('data: one\n\n');
    await client.received('data: one');
    const started = performance.now();
    await stopGracefully(server, 5_000, 100);
    expect(performance.now() - started).toBeLessThan(2_000);
    await client.ended;
    expect(client.text()).toBe('data: one\n\nretry: 1000\n\n');
    expect(openStreamCount()).toBe(0);
  });

  it('closes a kept-alive connection as soon as its stream ends late in a stop', async () => {
    const { api, streams } = streamingApi();
    const { open, server } = await serve(api);
    // HTTP/2 has no Connection header: its session is sent GOAWAY and closes after its last stream.
    const client = await open('/v1/stream', transport === 'http1' ? { connection: 'keep-alive' } : {});
    const sink = await streams[0]!.opened;
    const stopped = stopGracefully(server, 10_000, 100);
    await streams[0]!.stopping;
    await sleep(300); // past the drain window: the connection was busy then
    const ended = performance.now();
    sink.end();
    await stopped;
    await client.ended;
    expect(performance.now() - ended).toBeLessThan(1_000);
  });

  it('is cut when it does not end within the grace period of a stop', async () => {
    const { api, streams } = streamingApi();
    const { open, server } = await serve(api);
    const client = await open('/v1/stream');
    await streams[0]!.opened;
    const started = performance.now();
    await stopGracefully(server, 300, 100);
    await streams[0]!.stopping;
    await streams[0]!.closed;
    await client.ended;
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(openStreamCount()).toBe(0);
  });

  it('tells a stream that starts once its server is stopping to stop at once', async () => {
    const { api, streams } = streamingApi({ lastWords: 'retry: 1000\n\n' });
    const { open, server } = await serve(api);
    stopStreams(server); // what stopGracefully does first, before the listener closes
    const client = await open('/v1/stream');
    await streams[0]!.stopping;
    await client.ended;
    expect(client.text()).toBe('retry: 1000\n\n');
  });
});

describe('a streamed answer of api.fetch', () => {
  it('is cut once its reader leaves more than 1 MiB unread', async () => {
    const { api, streams } = streamingApi();
    const served = await streamServer(api, 'fetch');
    try {
      const client = await served.open('/v1/stream');
      client.pause();
      const sink = await streams[0]!.opened;
      const chunk = `data: ${'x'.repeat(16 * 1024)}\n\n`;
      let sent = 0;
      while (sent < 256 * 1024 * 1024 && sink.write(chunk)) {
        sent += chunk.length;
        if (sent % (1024 * 1024) < chunk.length) await sleep(1);
      }
      expect(sent).toBeLessThan(32 * 1024 * 1024);
      await streams[0]!.closed;
    } finally {
      await served.close();
    }
  });

  it('is told to stop by api.close(), so that a runtime serving api.fetch can stop its feeds', async () => {
    const { api, streams } = streamingApi({ lastWords: 'retry: 1000\n\n' });
    const served = await streamServer(api, 'fetch');
    try {
      const client = await served.open('/v1/stream');
      await streams[0]!.opened;
      await api.close();
      await streams[0]!.stopping;
      await client.received('retry: 1000');
      await streams[0]!.closed;
    } finally {
      await served.close();
    }
  });
});
