import { trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadConfig } from '../config/config';
import { startTracing } from './start-tracing';
import { requestParentContext, traceIdOf, tracer, withSpan } from './tracing';

// Tracing is off unless the OTEL_* variables turn it on: nothing is registered, every span is a
// no-op that records nothing (so nothing can be exported), and the caller's traceparent still
// reaches the request log. The SDK on, exporting to a collector: test/http/tracing.test.ts.

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('tracing off', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    reloadConfig();
  });

  it('registers nothing without OTEL_* variables, or when OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none says so', async () => {
    for (const env of [{}, { OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1' }, { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1' }]) {
      vi.unstubAllEnvs();
      for (const name of ['OTEL_SDK_DISABLED', 'OTEL_TRACES_EXPORTER', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']) vi.stubEnv(name, undefined);
      for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
      reloadConfig();
      expect(startTracing()).toBeNull();
    }
    const span = tracer().startSpan('probe');
    expect(span.isRecording()).toBe(false);
    span.end();
    let inside: boolean | undefined;
    expect(await withSpan('stigmem.write', { 'stigmem.facts': 1 }, async (s) => ((inside = s.isRecording()), 42))).toBe(42);
    expect(inside).toBe(false);
    await expect(withSpan('stigmem.lint', {}, async () => Promise.reject(new Error('fails through')))).rejects.toThrow('fails through');
    expect(trace.getActiveSpan()).toBeUndefined();
  });

  it("still reads the caller's traceparent, so the request's log line carries its trace id", () => {
    const withParent = tracer().startSpan('GET /v1/facts', {}, requestParentContext(new Request('http://node/v1/facts', { headers: { traceparent: TRACEPARENT } })));
    expect(traceIdOf(withParent)).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(withParent.isRecording()).toBe(false);
    const alone = tracer().startSpan('GET /v1/facts', {}, requestParentContext(new Request('http://node/v1/facts')));
    expect(traceIdOf(alone)).toBeNull();
    const garbled = tracer().startSpan('GET /v1/facts', {}, requestParentContext(new Request('http://node/v1/facts', { headers: { traceparent: '00-zz-yy-01' } })));
    expect(traceIdOf(garbled)).toBeNull();
  });
});
