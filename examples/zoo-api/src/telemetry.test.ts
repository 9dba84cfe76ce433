import { afterAll, beforeAll, expect, it } from 'vitest';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

// As a deployment would: an SDK registers the global provider (here with an in-memory exporter),
// and OTEL_EXPORTER_OTLP_ENDPOINT tells the zoo to record.
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
let zoo: RunningZoo;
beforeAll(async () => {
  trace.setGlobalTracerProvider(provider);
  zoo = await startZoo({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
});
afterAll(async () => {
  await zoo.close();
  trace.disable();
});

it('traces its requests when an OTLP endpoint is configured, preflights included', async () => {
  const token = await zoo.token();
  expect((await zoo.get('/v1/zoos/1', token)).status).toBe(200);
  await fetch(`${zoo.origin}/v1/zoos`, {
    method: 'OPTIONS',
    headers: { origin: zoo.origin, 'access-control-request-method': 'POST' },
  });
  const spans = exporter.getFinishedSpans().map((span) => [span.name, span.attributes['http.response.status_code']]);
  expect(spans).toEqual([
    ['GET /v1/zoos/:id', 200],
    ['OPTIONS /v1/zoos', 204],
  ]);
});
