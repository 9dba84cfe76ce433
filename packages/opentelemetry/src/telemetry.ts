import {
  SpanKind,
  SpanStatusCode,
  metrics,
  trace,
  type Attributes,
  type MeterProvider,
  type Span,
  type TextMapPropagator,
  type TracerProvider,
} from '@opentelemetry/api';
import type { ApiPlugin, CorralRequest } from '@corral/core';
import { methodOf, routeOf, spanNameOf } from './attributes.js';
import { parentContext } from './traceparent.js';

/** Settings of {@link telemetry}; each provider defaults to the one registered globally with `@opentelemetry/api`. */
export interface TelemetryOptions {
  /** Where spans go (default: the global provider, a no-op until an SDK registers one). */
  readonly tracerProvider?: TracerProvider;
  /** Where the request histogram goes (default: the global provider). */
  readonly meterProvider?: MeterProvider;
  /** Reads the caller's trace context from headers (default: the global propagator, then W3C `traceparent`). */
  readonly propagator?: TextMapPropagator;
}

/** Bucket bounds the HTTP semantic conventions advise for request durations, in seconds. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** What is kept about a request between its first hook and its answer. */
interface InFlight {
  readonly span: Span;
  readonly started: number;
}

const inFlight = new WeakMap<CorralRequest, InFlight>();

/**
 * The server span of a request being served, for handlers that add attributes or events to it
 * or start child spans under it (pass `trace.setSpan(context.active(), span)` as their parent).
 */
export function requestSpan(request: CorralRequest): Span | undefined {
  return inFlight.get(request)?.span;
}

/**
 * Traces every request with a server span named by method and route (`GET /v1/zoos/:id`),
 * continuing the caller's trace, and records `http.server.request.duration`. Add it to an API's
 * plugins only when telemetry is wanted: an API without it runs none of this.
 */
export function telemetry(options: TelemetryOptions = {}): ApiPlugin {
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer('@corral/opentelemetry');
  const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter('@corral/opentelemetry');
  const duration = meter.createHistogram('http.server.request.duration', {
    description: 'Duration of HTTP server requests.',
    unit: 's',
    advice: { explicitBucketBoundaries: durationBuckets },
  });

  return {
    name: 'opentelemetry',
    hooks: {
      onRequest(context) {
        // A stored job replaying an accepted request is not an HTTP request: its 202 was traced and measured.
        if (context.fromJob) return;
        const method = methodOf(context.request.method);
        const route = routeOf(context);
        const attributes: Attributes = { 'http.request.method': method, 'url.path': context.request.path };
        if (method === '_OTHER') attributes['http.request.method_original'] = context.request.method;
        if (route) attributes['http.route'] = route;
        if (context.request.rawQuery !== '') attributes['url.query'] = context.request.rawQuery;
        if (context.remoteAddress) attributes['client.address'] = context.remoteAddress;
        const userAgent = context.request.header('user-agent');
        if (userAgent) attributes['user_agent.original'] = userAgent;
        const span = tracer.startSpan(
          spanNameOf(method, route),
          { kind: SpanKind.SERVER, attributes },
          parentContext(context.request, options.propagator),
        );
        inFlight.set(context.request, { span, started: performance.now() });
      },
      onError(context, error) {
        // Only a server fault marks the span failed; a refused request is the client's error (conventions).
        if (error.status >= 500)
          inFlight.get(context.request)?.span.recordException(error.cause instanceof Error ? error.cause : error);
      },
      // onResponse, not onSend: the span records the answer that left, whatever later plugins changed.
      onResponse(context, response) {
        const flight = inFlight.get(context.request);
        if (!flight) return;
        inFlight.delete(context.request);
        const status = response.status;
        const route = routeOf(context);
        const attributes: Attributes = {
          'http.request.method': methodOf(context.request.method),
          'http.response.status_code': status,
        };
        if (route) attributes['http.route'] = route;
        if (status >= 500) attributes['error.type'] = String(status);
        flight.span.setAttributes(attributes);
        if (status >= 500) flight.span.setStatus({ code: SpanStatusCode.ERROR });
        flight.span.end();
        duration.record((performance.now() - flight.started) / 1000, attributes);
      },
    },
  };
}
