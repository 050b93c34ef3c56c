import { type Attributes, type Context, context, isSpanContextValid, type Span, SpanStatusCode, trace, type TextMapGetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

// Spans for the node's own work (docs/operations.md § Traces). Through the OpenTelemetry API only:
// with no SDK registered (tracing off, the default) every span here is a no-op that costs a few
// object allocations; lib/observability/start-tracing.ts registers the SDK when OTEL_* say so.

const TRACER_NAME = 'stigmem-health';

export function tracer() {
  return trace.getTracer(TRACER_NAME);
}

/**
 * Runs `fn` inside a span named `name` (a statement group, a job, a delivery): the span is the
 * active one for what `fn` does, records a thrown error and ends when `fn` settles.
 */
export function withSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

export function markFailed(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message.split('\n')[0] : String(error) });
}

/** Marks the span in effect (a request's) as failed by `error`; nothing when there is none. */
export function failActiveSpan(error: unknown): void {
  const span = trace.getActiveSpan();
  if (span) markFailed(span, error);
}

const w3c = new W3CTraceContextPropagator();
const headerGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

/**
 * The context a request's span starts in: the server's own span for it when there is one (Next's,
 * already a child of the caller's traceparent), else the caller's W3C `traceparent`. Read with the
 * W3C propagator directly, so the trace id reaches the log line even with tracing off.
 */
export function requestParentContext(req: Request): Context {
  const active = context.active();
  if (trace.getSpan(active)) return active;
  return w3c.extract(active, req.headers, headerGetter);
}

/** The trace a span belongs to, or null (no traceparent came and tracing is off). */
export function traceIdOf(span: Span): string | null {
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? spanContext.traceId : null;
}
