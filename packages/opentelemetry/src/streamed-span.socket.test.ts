import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createApi, silentLogger } from '@corral/core';
import { type StreamServer, streamServer, streamingRoute, type TestStream, testStream } from '@corral/core/testing';
import { telemetry } from './index.js';

describe.each(['http1', 'h2', 'fetch'] as const)('the span of a streamed answer over %s', (transport) => {
  let served: StreamServer | undefined;
  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  it('ends when the stream ends, covering its whole duration', async () => {
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    const streams: TestStream[] = [];
    const api = createApi({
      collections: [],
      logger: silentLogger,
      plugins: [
        telemetry({ tracerProvider }),
        streamingRoute('/v1/stream', () => streams[streams.push(testStream()) - 1]!),
      ],
    });
    served = await streamServer(api, transport);
    const client = await served.open('/v1/stream');
    const sink = await streams[0]!.opened;
    sink.write('data: one\n\n');
    await client.received('data: one');
    await sleep(80);
    expect(exporter.getFinishedSpans()).toEqual([]);
    sink.end();
    await client.ended;
    await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(1));
    const [span] = exporter.getFinishedSpans();
    expect(span!.attributes['http.response.status_code']).toBe(200);
    const [seconds, nanos] = span!.duration;
    expect(seconds * 1000 + nanos / 1e6).toBeGreaterThanOrEqual(80);
  });

  it('ends when the client leaves mid-way', async () => {
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    const streams: TestStream[] = [];
    const api = createApi({
      collections: [],
      logger: silentLogger,
      plugins: [
        telemetry({ tracerProvider }),
        streamingRoute('/v1/stream', () => streams[streams.push(testStream()) - 1]!),
      ],
    });
    served = await streamServer(api, transport);
    const client = await served.open('/v1/stream');
    (await streams[0]!.opened).write('data: one\n\n');
    await client.received('data: one');
    client.leave();
    await streams[0]!.closed;
    await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(1));
  });
});
