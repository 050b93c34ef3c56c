import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import type { TracerProvider } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTracing } from '@/lib/observability/start-tracing';
import { api, describeHttp, setEnv, uniqueEntity, wireFact } from '../harness';

// OpenTelemetry traces with the SDK on (lib/observability/start-tracing.ts), exported over OTLP/HTTP
// with JSON bodies to a collector this test runs: a request carrying a W3C traceparent becomes a
// span named by its route template in the caller's trace, with the write path's statement group
// beneath it. (With no OTEL_* variables nothing is registered: lib/observability/tracing.test.ts.)

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

const exports: { contentType: string | undefined; body: OtlpExport }[] = [];
let collector: Server;
let provider: TracerProvider | null = null;

const spans = () => exports.flatMap((e) => e.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

describeHttp('OpenTelemetry traces', () => {
  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/traces') exports.push({ contentType: req.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    setEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'stigmem-health-test' });
    provider = startTracing();
  });
  afterAll(async () => {
    await provider?.shutdown();
    trace.disable();
    setEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_EXPORTER_OTLP_PROTOCOL: undefined, OTEL_SERVICE_NAME: undefined });
    await new Promise<void>((resolve) => collector.close(() => resolve()));
  });

  it('a request with a traceparent becomes a span of its trace named by the route template, with the write path beneath it', async () => {
    expect(provider).not.toBeNull();
    const entity = uniqueEntity('traced');
    const res = await api.post('/v1/facts', wireFact(entity, 'green'), { headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` } });
    expect(res.status).toBe(201);
    const id = (res.body as { id: string }).id;
    expect((await api.get(`/v1/facts/${encodeURIComponent(id)}`)).status).toBe(200);
    await provider!.forceFlush();

    expect(exports.length).toBeGreaterThan(0);
    expect(exports[0].contentType).toContain('application/json');
    expect(exports[0].body.resourceSpans[0].resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'stigmem-health-test' } });
    const route = spans().find((s) => s.name === 'POST /v1/facts' && s.traceId === TRACE_ID);
    expect(route, JSON.stringify(spans().map((s) => [s.name, s.traceId]))).toBeDefined();
    expect(route!.parentSpanId).toBe(CALLER_SPAN);
    expect([attribute(route!, 'http.request.method'), attribute(route!, 'http.route'), attribute(route!, 'http.response.status_code')]).toEqual(['POST', '/v1/facts', 201]);
    expect(attribute(route!, 'stigmem.key_id')).toEqual(expect.any(String));
    const write = spans().find((s) => s.name === 'stigmem.write' && s.traceId === TRACE_ID);
    expect(write?.parentSpanId).toBe(route!.spanId);
    expect(attribute(write!, 'stigmem.facts')).toBe(1);

    // No traceparent: a trace of its own, the record's id never in the span name.
    const read = spans().find((s) => s.name === 'GET /v1/facts/[id]');
    expect(read).toBeDefined();
    expect(read!.traceId).not.toBe(TRACE_ID);
    expect(read!.parentSpanId ?? '').toBe('');
    expect(JSON.stringify(spans())).not.toContain(id);
  });

  it('a lint runs as a statement-group span under its route span', async () => {
    const res = await api.post('/v1/lint', { scope: 'team' }, { headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` } });
    expect(res.status).toBe(200);
    await provider!.forceFlush();
    const lint = spans().find((s) => s.name === 'stigmem.lint' && s.traceId === TRACE_ID);
    expect(lint).toBeDefined();
    expect(attribute(lint!, 'stigmem.scope')).toBe('team');
    const route = spans().find((s) => s.spanId === lint!.parentSpanId);
    expect(route?.name).toBe('POST /v1/lint');
  });
});
