import { describe, expect, it, vi } from 'vitest';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { DataPointType, MeterProvider, MetricReader, type HistogramMetricData } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createApi, silentLogger, type ApiPlugin } from '@corral/core';
// Core's shared transport cases, reached by path: no part of its public surface.
import { describeEachTransport } from '@corral/core/testing';
import { requestSpan, telemetry } from './index.js';

/** Hands the collected metrics to the test when asked. */
class TestReader extends MetricReader {
  protected async onShutdown(): Promise<void> {}
  protected async onForceFlush(): Promise<void> {}
}

/** Public pages, one of which fails with a server fault, and one that adds an event to its span. */
const pages: ApiPlugin = {
  name: 'pages',
  routes: () => [
    {
      path: '/pages/:name',
      contentType: 'text/plain',
      handler: ({ name }) => ({ contentType: 'text/plain', body: `page ${name}` }),
    },
    {
      path: '/broken',
      contentType: 'text/plain',
      handler: () => {
        throw new Error('disk on fire');
      },
    },
  ],
};

function tracedApi(later: readonly ApiPlugin[] = []) {
  const exporter = new InMemorySpanExporter();
  const reader = new TestReader();
  const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const noted: string[] = [];
  const api = createApi({
    collections: [],
    logger: silentLogger,
    plugins: [telemetry({ tracerProvider, meterProvider }), pages, ...later],
    hooks: { preHandler: ({ request }) => void noted.push(requestSpan(request)?.spanContext().traceId ?? 'none') },
  });
  const histogram = async () => {
    const { resourceMetrics } = await reader.collect();
    const metric = resourceMetrics.scopeMetrics
      .flatMap((scope) => scope.metrics)
      .find((m) => m.descriptor.name === 'http.server.request.duration') as HistogramMetricData;
    return metric;
  };
  return { api, exporter, histogram, noted };
}

describeEachTransport('telemetry', (open) => {
  it('makes a server span per request, named by method and route, with the HTTP attributes', async () => {
    const { api, exporter, noted } = tracedApi();
    const http = await open(api);
    expect((await http.send('GET', '/v1/pages/lions?x=1', { headers: { 'user-agent': 'probe/1' } })).status).toBe(400); // unknown query parameter
    expect((await http.send('GET', '/v1/pages/lions')).status).toBe(200);
    const [refused, served] = exporter.getFinishedSpans();
    expect(served!.name).toBe('GET /v1/pages/:name');
    expect(served!.kind).toBe(SpanKind.SERVER);
    expect(served!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/v1/pages/:name',
      'url.path': '/v1/pages/lions',
      'http.response.status_code': 200,
    });
    expect(served!.status.code).toBe(SpanStatusCode.UNSET);
    // A refused request is the client's fault: recorded with its status, not as a failed span.
    expect(refused!.attributes).toMatchObject({
      'http.response.status_code': 400,
      'url.query': 'x=1',
      'user_agent.original': 'probe/1',
    });
    expect(refused!.attributes['error.type']).toBeUndefined();
    expect(noted).toEqual([refused!.spanContext().traceId, served!.spanContext().traceId]);
  });

  it("marks server faults failed, names unmatched requests by method, and continues the caller's trace", async () => {
    const { api, exporter } = tracedApi();
    const http = await open(api);
    expect((await http.send('GET', '/v1/broken')).status).toBe(500);
    expect((await http.send('GET', '/v1/nowhere')).status).toBe(404);
    const parent = '0af7651916cd43dd8448eb211c80319c';
    await http.send('GET', '/v1/pages/a', {
      headers: { traceparent: `00-${parent}-b7ad6b7169203331-01`, tracestate: 'vendor=x' },
    });
    const [broken, missing, continued] = exporter.getFinishedSpans();
    expect(broken!.status.code).toBe(SpanStatusCode.ERROR);
    expect(broken!.attributes['error.type']).toBe('500');
    expect(broken!.events.map((event) => event.name)).toEqual(['exception']);
    expect([
      missing!.name,
      missing!.attributes['http.route'],
      missing!.attributes['http.response.status_code'],
    ]).toEqual(['GET', undefined, 404]);
    expect(continued!.spanContext().traceId).toBe(parent);
    expect(continued!.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(continued!.parentSpanContext?.traceState?.get('vendor')).toBe('x');
  });

  it('records the answer that leaves, also when a plugin after it changes the answer in onSend', async () => {
    const drain: ApiPlugin = {
      name: 'drain',
      hooks: {
        onSend: (_context, response) => ({
          ...response,
          status: 503,
          headers: { ...response.headers, 'retry-after': '5' },
        }),
      },
    };
    const { api, exporter } = tracedApi([drain]);
    const http = await open(api);
    expect((await http.send('GET', '/v1/pages/lions')).status).toBe(503);
    const [span] = exporter.getFinishedSpans();
    expect(span!.attributes['http.response.status_code']).toBe(503);
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
  });
});

describe('the request histogram', () => {
  it('records http.server.request.duration in seconds by method, route and status', async () => {
    const { api, histogram } = tracedApi();
    for (const path of ['/v1/pages/a', '/v1/pages/b', '/v1/broken'])
      await api.fetch(new Request(`http://127.0.0.1${path}`));
    await api.fetch(new Request('http://127.0.0.1/v1/pages/a', { method: 'PROPFIND' }));
    const metric = await histogram();
    expect([metric.descriptor.unit, metric.dataPointType]).toEqual(['s', DataPointType.HISTOGRAM]);
    const points = metric.dataPoints.map((point) => ({ ...point.attributes, count: point.value.count }));
    expect(points).toEqual(
      expect.arrayContaining([
        { 'http.request.method': 'GET', 'http.route': '/v1/pages/:name', 'http.response.status_code': 200, count: 2 },
        {
          'http.request.method': 'GET',
          'http.route': '/v1/broken',
          'http.response.status_code': 500,
          'error.type': '500',
          count: 1,
        },
        { 'http.request.method': '_OTHER', 'http.response.status_code': 405, count: 1 },
      ]),
    );
    expect(metric.dataPoints.every((point) => (point.value.max ?? 0) < 5)).toBe(true);
  });

  it('uses the global providers by default, which cost nothing until an SDK registers them', async () => {
    const api = createApi({ collections: [], logger: silentLogger, plugins: [telemetry(), pages] });
    expect((await api.fetch(new Request('http://127.0.0.1/v1/pages/a'))).status).toBe(200);
    expect(trace.getTracerProvider().getTracer('x').startSpan('probe').isRecording()).toBe(false);
  });
});

describe('jobs', () => {
  it('traces the request that accepted a job, not the job’s later run', async () => {
    const { defineCollection, memoryStore } = await import('@corral/core');
    const { z } = await import('zod');
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    const notes = defineCollection({
      name: 'notes',
      schema: z.object({ text: z.string() }),
      store: memoryStore({ initial: [{ text: 'a' }] }),
    });
    const api = createApi({ collections: [notes], logger: silentLogger, plugins: [telemetry({ tracerProvider })] });
    const accepted = await api.fetch(
      new Request('http://x/v1/notes', { method: 'DELETE', headers: { prefer: 'respond-async' } }),
    );
    expect(accepted.status).toBe(202);
    await vi.waitFor(async () => {
      const job = await api.fetch(new Request(`http://x${accepted.headers.get('location')}`));
      expect(((await job.json()) as { status: string }).status).toBe('succeeded');
    });
    const names = exporter.getFinishedSpans().map((span) => span.name);
    expect(names.filter((name) => name === 'DELETE /v1/notes')).toHaveLength(1);
    expect(names.every((name) => name === 'DELETE /v1/notes' || name === 'GET /v1/jobs/:id')).toBe(true);
  });
});
