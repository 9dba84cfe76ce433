import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { defineOperation } from '../operation/define-operation.js';
import { cors } from '../plugins/cors.js';
import { type StreamServer, type StreamTransport, streamServer } from '../testing/stream-clients.js';
import { streamingRoute, type TestStream, testStream } from '../testing/test-stream.js';
import type { ApiPlugin } from '../vocabulary/plugin.js';
import { openStreamCount } from './node-stream.js';

const app = 'https://app.example';
const ping = defineOperation({ name: 'ping', query: z.object({}), handler: () => ({ pong: true }) });

/** An API with a streamed answer at /v1/stream, CORS, a plugin that marks the head, and a log it keeps. */
function streamingApi() {
  const lines: { level: string; fields: Record<string, unknown> }[] = [];
  const responses: { status: number; at: number }[] = [];
  const streams: TestStream[] = [];
  const marking: ApiPlugin = {
    name: 'marking',
    hooks: {
      onSend: (_context, response) => void (response.headers['x-marked'] = 'yes'),
      onResponse: (_context, response) => void responses.push({ status: response.status, at: performance.now() }),
    },
  };
  const api = createApi({
    operations: [ping],
    plugins: [
      streamingRoute('/v1/stream', () => streams[streams.push(testStream()) - 1]!),
      cors({ origins: [app] }),
      marking,
    ],
    logger: {
      info: (fields) => lines.push({ level: 'info', fields }),
      error: (fields) => lines.push({ level: 'error', fields }),
    },
  });
  return { api, lines, responses, streams };
}

const transports: StreamTransport[] = ['http1', 'h2', 'fetch'];

describe.each(transports)('a streamed answer over %s', (transport) => {
  let served: StreamServer | undefined;
  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  it('sends its head through onSend with CORS headers, and is logged and observed when it ends', async () => {
    const { api, lines, responses, streams } = streamingApi();
    served = await streamServer(api, transport);
    const client = await served.open('/v1/stream', { origin: app });
    expect(client.status).toBe(200);
    expect(client.headers).toMatchObject({
      'content-type': 'text/event-stream',
      'x-marked': 'yes',
      'access-control-allow-origin': app,
      'last-event-id': '7',
    });
    expect(client.headers['access-control-expose-headers']).toContain('Last-Event-ID');
    expect(client.headers['x-request-id']).toBeTruthy();
    const sink = await streams[0]!.opened;
    expect(sink.write('data: one\n\n')).toBe(true);
    await client.received('data: one');
    const started = performance.now();
    await sleep(60);
    expect(lines).toEqual([]); // not yet: the stream goes on
    expect(responses).toEqual([]);
    sink.write('data: two\n\n');
    sink.end();
    await client.ended;
    expect(client.text()).toBe('data: one\n\ndata: two\n\n');
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines[0]).toMatchObject({ level: 'info', fields: { method: 'GET', path: '/v1/stream', status: 200 } });
    expect(lines[0]!.fields.ms).toBeGreaterThanOrEqual(60);
    expect(responses).toHaveLength(1);
    // After the 60 ms the stream went on (a timer may fire up to a millisecond early on this clock).
    expect(responses[0]!.at).toBeGreaterThanOrEqual(started + 59);
    if (transport !== 'fetch') expect(openStreamCount()).toBe(0);
  });

  it('ends quietly when its client leaves mid-way: closed fires, the line is logged, nothing stays open', async () => {
    const { api, lines, streams } = streamingApi();
    served = await streamServer(api, transport);
    const client = await served.open('/v1/stream');
    const sink = await streams[0]!.opened;
    sink.write('data: one\n\n');
    await client.received('data: one');
    client.leave();
    await streams[0]!.closed;
    expect(sink.closed.aborted).toBe(true);
    expect(sink.write('data: late\n\n')).toBe(false);
    sink.end(); // after the client left: does nothing
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines[0]).toMatchObject({ level: 'info', fields: { status: 200 } });
    if (transport !== 'fetch') expect(openStreamCount()).toBe(0);
  });

  it('answers HEAD with the head alone, never opening the stream', async () => {
    const { api, lines, streams } = streamingApi();
    served = await streamServer(api, transport);
    const client = await served.open('/v1/stream', {}, 'HEAD');
    await client.ended;
    expect([client.status, client.headers['content-type'], client.text()]).toEqual([200, 'text/event-stream', '']);
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(streams).toHaveLength(1);
    let opened = false;
    void streams[0]!.opened.then(() => (opened = true));
    await sleep(10);
    expect(opened).toBe(false);
  });

  it('answers a preflight that asks to send Last-Event-ID', async () => {
    const { api } = streamingApi();
    served = await streamServer(api, transport);
    const client = await served.open(
      '/v1/stream',
      {
        origin: app,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, last-event-id',
      },
      'OPTIONS',
    );
    await client.ended;
    expect(client.status).toBe(204);
    expect(client.headers['access-control-allow-headers']).toContain('Last-Event-ID');
  });
});

describe.each(['http1', 'h2'] as const)('a streamed answer over %s whose client left before its head', (transport) => {
  it('is opened already closed, logged, and leaves nothing open', async () => {
    const lines: unknown[] = [];
    const streams: TestStream[] = [];
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = createApi({
      operations: [ping],
      plugins: [
        streamingRoute(
          '/v1/stream',
          () => streams[streams.push(testStream()) - 1]!,
          () => (arrived(), held),
        ),
      ],
      logger: { info: (fields) => lines.push(fields), error: (fields) => lines.push(fields) },
    });
    const served = await streamServer(api, transport);
    try {
      const opening = served.open('/v1/stream');
      opening.catch(() => {});
      await arrival;
      served.leaveAll();
      await sleep(50); // the server sees the client go
      release();
      await vi.waitFor(() => expect(streams).toHaveLength(1));
      const sink = await streams[0]!.opened;
      expect(sink.closed.aborted).toBe(true);
      expect(sink.write('data: one\n\n')).toBe(false);
      await vi.waitFor(() => expect(lines).toHaveLength(1));
      expect(openStreamCount()).toBe(0);
    } finally {
      await served.close();
    }
  });
});
