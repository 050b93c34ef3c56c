import { afterEach, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { toErrorResponse } from '@/lib/http/api-route';
import { logger } from '@/lib/observability/logger';
import { servesMethod } from '@/lib/http/method-not-allowed';
import { MAX_BATCH_BODY_BYTES, MAX_BODY_BYTES, MAX_JSON_DEPTH } from '@/lib/http/read-body';
import { api, describeHttp, expectError, matchRoute, request, routes, setEnv, TEST_ADMIN_KEY, TEST_SOURCE, uniqueEntity } from '../harness';

// Input limits before parsing (docs/api.md § Limits): body size per route, JSON nesting depth,
// malformed percent-encoding in the path, clients that hang up, and database resource errors.
// Every case is an answer with {"error","detail"}: the harness fails any 5xx on the spot.

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every (method, concrete path) that takes a body, from the route files themselves. */
async function bodyRoutes(): Promise<{ method: string; path: string }[]> {
  const found: { method: string; path: string }[] = [];
  for (const route of routes()) {
    if (!route.pattern.startsWith('/v1') && !route.pattern.startsWith('/api') && route.pattern !== '/mcp') continue;
    const module = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
    const path = route.pattern.replace(/\[\.\.\.[^\]]+\]/g, 'a/b').replace(/\[[^\]]+\]/g, 'x1');
    for (const method of WRITE_METHODS) if (servesMethod(module[method])) found.push({ method, path });
  }
  return found;
}

const mcpHeaders = { accept: 'application/json, text/event-stream' };

describeHttp('input limits', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a body nested 100,000 deep is a 400 too_deep on every route that takes a body, never a stack overflow', async () => {
    const targets = await bodyRoutes();
    expect(targets.length).toBeGreaterThan(20);
    const arrays = '['.repeat(100_000) + ']'.repeat(100_000);
    const objects = '{"a":'.repeat(54_000) + '1' + '}'.repeat(54_000);
    for (const { method, path } of targets) {
      const res = await request(method, path, undefined, { rawBody: arrays, headers: path === '/mcp' ? mcpHeaders : {} });
      // A route that reads no body may answer otherwise (404 for the placeholder id, 403), but never 5xx.
      if (res.status === 400) expectError(res, 400, 'too_deep');
    }
    // The write routes do read their bodies: each answers too_deep, for arrays and for objects.
    for (const [method, path] of [['POST', '/v1/facts'], ['POST', '/v1/facts/import'], ['POST', '/v1/conflicts/x1/resolve'], ['POST', '/v1/lint'], ['POST', '/mcp']]) {
      for (const rawBody of [arrays, objects]) expectError(await request(method, path, undefined, { rawBody, headers: path === '/mcp' ? mcpHeaders : {} }), 400, 'too_deep');
    }
  });

  it('nesting up to the limit parses; one level more is refused', async () => {
    const nested = (depth: number) => `{"facts":[${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}]}`;
    // At the limit the body is parsed and the schema speaks (the inner arrays are not facts).
    expectError(await request('POST', '/v1/facts', undefined, { rawBody: nested(MAX_JSON_DEPTH) }), 422, 'validation_error');
    expectError(await request('POST', '/v1/facts', undefined, { rawBody: nested(MAX_JSON_DEPTH + 1) }), 400, 'too_deep');
    // Brackets inside strings are text, not nesting.
    const entity = uniqueEntity('limits');
    const res = await api.post('/v1/facts', { entity, relation: 'doc:body', value: { type: 'string', v: '['.repeat(5000) + '"\\"{' }, source: TEST_SOURCE, scope: 'local' });
    expect(res.status).toBe(201);
  });

  it('a body over the route limit is a 413 payload_too_large, by Content-Length or by what arrives', async () => {
    const big = JSON.stringify({ winning_fact_id: 'x'.repeat(MAX_BODY_BYTES) });
    expectError(await request('POST', '/v1/conflicts/x1/resolve', undefined, { rawBody: big }), 413, 'payload_too_large');
    // No Content-Length (a chunked upload): the limit holds while the stream is read.
    const match = matchRoute('/v1/lint');
    const module = (await import(/* @vite-ignore */ match!.route.file)) as { POST: (req: Request, ctx: unknown) => Promise<Response> };
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        if (sent > 4 * MAX_BODY_BYTES) controller.close();
      },
    });
    const req = new Request('http://localhost/v1/lint', { method: 'POST', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` }, body: stream, duplex: 'half' } as RequestInit);
    const res = await module.POST(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'payload_too_large', max_bytes: MAX_BODY_BYTES });
    expect(sent).toBeLessThan(2 * MAX_BODY_BYTES);
  });

  it('batch writes take bodies far above the small limit, up to their own', async () => {
    const value = 'v'.repeat(5000);
    const facts = Array.from({ length: 500 }, (_, i) => ({ entity: uniqueEntity(`batch${i}`), relation: 'doc:body', value: { type: 'string', v: value }, source: TEST_SOURCE, scope: 'local' }));
    const body = JSON.stringify({ facts });
    expect(body.length).toBeGreaterThan(2 * MAX_BODY_BYTES);
    expect((await request('POST', '/v1/facts', undefined, { rawBody: body })).status).toBe(201);
    const huge = `{"facts":[${'"x",'.repeat(MAX_BATCH_BODY_BYTES / 4)}"x"]}`;
    expectError(await request('POST', '/v1/facts', undefined, { rawBody: huge }), 413, 'payload_too_large');
  });

  it('a malformed percent-encoding in the path is a 400 invalid_path on every route with a path parameter', async () => {
    const withParams = routes().filter((r) => r.pattern.includes('['));
    expect(withParams.length).toBeGreaterThan(10);
    for (const route of withParams) {
      const module = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
      const methods = ['GET', ...WRITE_METHODS].filter((m) => servesMethod(module[m]));
      for (const bad of ['%ZZ', '%C0%AF', '%E0%A4%A', '%FF%FE']) {
        const path = route.pattern.replace(/\[\.\.\.[^\]]+\]/g, bad).replace(/\[[^\]]+\]/g, bad);
        for (const method of methods) expectError(await request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}), 400, 'invalid_path');
      }
    }
  });

  it('a client that disconnects mid-body gets no error logged, and the node answers the next request', async () => {
    const errors = vi.spyOn(logger(), 'error');
    const match = matchRoute('/v1/facts');
    const module = (await import(/* @vite-ignore */ match!.route.file)) as { POST: (req: Request, ctx: unknown) => Promise<Response> };
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"entity":"stigmem://t/cut","relat'));
        controller.error(new Error('aborted'));
      },
    });
    const req = new Request('http://localhost/v1/facts', { method: 'POST', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` }, body: stream, duplex: 'half' } as RequestInit);
    const res = await module.POST(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(499);
    expect(errors).not.toHaveBeenCalled();
    expect((await api.get('/v1/facts', { query: { entity: 'stigmem://t/cut' } })).status).toBe(200);
  });

  it('a body that does not arrive within STIGMEM_BODY_TIMEOUT_MS is a 408 with the error body, and writes nothing', async () => {
    setEnv({ STIGMEM_BODY_TIMEOUT_MS: '200' });
    try {
      const match = matchRoute('/v1/facts');
      const module = (await import(/* @vite-ignore */ match!.route.file)) as { POST: (req: Request, ctx: unknown) => Promise<Response> };
      const entity = `stigmem://t/slow-${Date.now()}`;
      // The first bytes, then nothing: a client sending its body a byte a minute.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`{"entity":"${entity}","relat`));
        },
      });
      const req = new Request('http://localhost/v1/facts', { method: 'POST', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` }, body: stream, duplex: 'half' } as RequestInit);
      const started = performance.now();
      const res = await module.POST(req, { params: Promise.resolve({}) });
      expect(res.status).toBe(408);
      expect(await res.json()).toMatchObject({ error: 'request_timeout', detail: expect.stringContaining('0.2 s') });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect((await api.get('/v1/facts', { query: { entity } })).body).toMatchObject({ facts: [] });
    } finally {
      setEnv({ STIGMEM_BODY_TIMEOUT_MS: undefined });
    }
  });

  it('the database running out of memory is a 503 with Retry-After, and the next statement works', async () => {
    const db = await getDb();
    const oom = await db.$executeRawUnsafe(`DO $$ BEGIN RAISE EXCEPTION 'out of memory' USING ERRCODE = '53200', DETAIL = 'Failed on request of size 8388608.'; END $$`).catch((error: unknown) => error);
    vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    const res = toErrorResponse(oom);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.json()).toMatchObject({ error: 'database_out_of_memory', detail: expect.stringContaining('try again') });
    // Another resource code, and an ordinary database error that must stay what it is.
    const busy = await db.$executeRawUnsafe(`DO $$ BEGIN RAISE EXCEPTION 'too many clients' USING ERRCODE = '53300'; END $$`).catch((error: unknown) => error);
    expect(toErrorResponse(busy).status).toBe(503);
    vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    const other = await db.$executeRawUnsafe(`SELECT 1/0`).catch((error: unknown) => error);
    expect(toErrorResponse(other).status).toBe(500);
    expect(await db.$queryRawUnsafe<{ ok: number }[]>('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });
});
