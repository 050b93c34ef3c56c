import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ConsoleSpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';
import { config } from '../config/config';
import { logger } from './logger';

// Registers the OpenTelemetry SDK at server start (instrumentation-node.ts) when the standard
// OTEL_* variables turn traces on (lib/config/config.ts § traceExporter); otherwise registers
// nothing and every span stays a no-op. OTLP goes over HTTP with JSON bodies; the exporter reads
// its endpoint, headers and timeout from OTEL_EXPORTER_OTLP_* itself. Spans are batched and sent
// every OTEL_BSP_SCHEDULE_DELAY ms. Propagation is W3C trace context (`traceparent`).

const holder = globalThis as unknown as { __stigmemTracing?: TracerProvider };

/** The registered provider, or null when traces are off. Registers once per process. */
export function startTracing(): TracerProvider | null {
  if (holder.__stigmemTracing) return holder.__stigmemTracing;
  const { exporter, serviceName, scheduleDelayMs } = config().tracing;
  if (!exporter) return null;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter: exporter === 'otlp' ? new OTLPTraceExporter() : new ConsoleSpanExporter(), scheduledDelayMillis: scheduleDelayMs })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  holder.__stigmemTracing = provider;
  logger().info({ exporter, service_name: serviceName }, 'tracing on');
  return provider;
}
