import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { uid } from '../harness/data';
import { describeCluster, useCluster } from './harness/use-cluster';

// Traces and logs of a built server (`next start`), configured by the standard OTEL_* variables
// only: Next's instrumentation hook registers the SDK (instrumentation-node.ts), and a request
// carrying a W3C traceparent is exported, over OTLP/HTTP with JSON bodies, to the collector this
// test runs, in the caller's trace; its JSON log line on stdout carries the same trace id.

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}
interface OtlpExport {
  resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

const received: { scope: string; span: OtlpSpan }[] = [];
const collector = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/v1/traces') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const r of body.resourceSpans) for (const s of r.scopeSpans) for (const span of s.spans) received.push({ scope: s.scope.name, span });
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

const TRACE_ID = '5b8efff798038103d269b633813fc60c';
const CALLER_SPAN = 'eee19b7ec3c1b174';

/** Waits (bounded) until the collector holds a span matching `find`. */
async function exported(find: (entry: { scope: string; span: OtlpSpan }) => boolean): Promise<{ scope: string; span: OtlpSpan } | undefined> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const hit = received.find(find);
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

describeCluster('a built server: traces and logs', () => {
  const cluster = useCluster({ size: 1, env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_SERVICE_NAME: 'stigmem-cluster-test', STIGMEM_SCHEDULER: 'off', LOG_LEVEL: 'info' } });
  afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

  it('exports a request with a traceparent as spans of the caller trace, and logs it with that trace id', async () => {
    const [instance] = cluster().instances;
    const entity = `stigmem://cluster/traced-${uid()}`;
    const res = await instance.call('POST', '/v1/facts', { entity, relation: 'memory:status', value: { type: 'string', v: 'on' }, source: 'stigmem://cluster/test' }, { headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`, 'x-request-id': 'cluster-trace-1' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('cluster-trace-1');

    const route = await exported(({ scope, span }) => scope === 'stigmem-health' && span.traceId === TRACE_ID && span.name === 'POST /v1/facts');
    expect(route, JSON.stringify(received.map(({ scope, span }) => [scope, span.name, span.traceId]))).toBeDefined();
    const write = await exported(({ span }) => span.name === 'stigmem.write' && span.parentSpanId === route!.span.spanId);
    expect(write?.span.traceId).toBe(TRACE_ID);
    // Up the parents (Next's own request span, exported when the answer has gone out) to the caller's span.
    const root = await exported(({ span }) => span.traceId === TRACE_ID && span.parentSpanId === CALLER_SPAN);
    expect(root).toBeDefined();
    const byId = new Map(received.map(({ span }) => [span.spanId, span]));
    let top = route!.span;
    while (top.parentSpanId && byId.has(top.parentSpanId)) top = byId.get(top.parentSpanId)!;
    expect(top.parentSpanId).toBe(CALLER_SPAN);

    const line = instance
      .output()
      .split('\n')
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.msg === 'request' && entry.request_id === 'cluster-trace-1');
    expect(line).toMatchObject({ level: 'info', trace_id: TRACE_ID, method: 'POST', route: '/v1/facts', status: 201, key_id: expect.any(String) });
  });
});
