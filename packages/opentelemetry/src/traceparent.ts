import {
  ROOT_CONTEXT,
  createTraceState,
  propagation,
  trace,
  type Context,
  type TextMapGetter,
  type TextMapPropagator,
} from '@opentelemetry/api';
import type { CorralRequest } from '@corral/core';

/** Reads propagation headers straight from Corral's request. */
const headerGetter: TextMapGetter<CorralRequest> = {
  get: (request, key) => request.header(key.toLowerCase()),
  // Corral's request looks headers up by name only; the W3C propagators ask by name too.
  keys: () => ['traceparent', 'tracestate'],
};

// version-traceid-parentid-flags, as W3C Trace Context writes it (version 00; later versions start the same way).
const traceparentPattern = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-|$)/;

/**
 * The context a request's span continues: what the configured propagator (by default the global
 * one) extracts, else the W3C `traceparent` header read here, so traces join up even when the
 * application registered no propagator.
 */
export function parentContext(request: CorralRequest, propagator: TextMapPropagator | undefined): Context {
  const extracted = propagator
    ? propagator.extract(ROOT_CONTEXT, request, headerGetter)
    : propagation.extract(ROOT_CONTEXT, request, headerGetter);
  if (trace.getSpanContext(extracted)) return extracted;
  const match = traceparentPattern.exec(request.header('traceparent')?.trim() ?? '');
  if (!match || match[1] === 'ff' || /^0+$/.test(match[2]!) || /^0+$/.test(match[3]!)) return ROOT_CONTEXT;
  const traceState = request.header('tracestate');
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: match[2]!,
    spanId: match[3]!,
    traceFlags: Number.parseInt(match[4]!, 16) & 1,
    isRemote: true,
    ...(traceState ? { traceState: createTraceState(traceState) } : {}),
  });
}
