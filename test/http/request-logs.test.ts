import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { hashSecret } from '@/lib/auth/key-material';
import { toErrorResponse } from '@/lib/http/api-route';
import { resetLogger } from '@/lib/observability/logger';
import { runInRequest } from '@/lib/observability/request-context';
import { api, createKey, describeHttp, setEnv, TEST_ADMIN_KEY, uniqueEntity, wireFact } from '../harness';

// The route wrapper's request id and JSON log line (lib/http/observe-api-request.ts):
// one line per request with level, request id, trace id, method, route template, status, duration,
// key id and scopes; never the key or its hash; unhandled errors at error level with their stack.

interface LogLine {
  level: string;
  msg: string;
  time: string;
  request_id?: string;
  trace_id?: string;
  method?: string;
  route?: string;
  status?: number;
  duration_ms?: number;
  key_id?: string | null;
  scopes?: string[];
  err?: { message: string; stack: string; type: string };
}

const written: string[] = [];
const lines = (): LogLine[] => written.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((text) => JSON.parse(text) as LogLine);
const requestLine = (requestId: string) => lines().find((line) => line.msg === 'request' && line.request_id === requestId);

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describeHttp('request ids and JSON request logs', () => {
  beforeAll(() => {
    setEnv({ LOG_LEVEL: 'info' });
    resetLogger({ write: (chunk: string) => void written.push(chunk) });
  });
  beforeEach(() => {
    written.length = 0;
  });
  afterAll(() => {
    setEnv({ LOG_LEVEL: undefined });
    resetLogger();
  });

  it('logs one line per request: id, trace id, method, route template, status, duration, key id and scopes, never the key', async () => {
    const writer = await createKey(['write'], ['team'], 'logged');
    const entity = uniqueEntity('logged');
    const created = await api.post('/v1/facts', wireFact(entity, 'blue', { scope: 'team' }), { key: writer.key, headers: { 'x-request-id': 'client-req.42', traceparent: TRACEPARENT } });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toBe('client-req.42');
    const id = (created.body as { id: string }).id;
    const read = await api.get(`/v1/facts/${encodeURIComponent(id)}`, { key: writer.key, headers: { 'x-request-id': 'client-req.43' } });
    expect(read.status).toBe(200);

    const write = requestLine('client-req.42');
    expect(write).toMatchObject({ level: 'info', method: 'POST', route: '/v1/facts', status: 201, key_id: writer.id, scopes: ['team'], trace_id: TRACE_ID });
    expect(write!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(write!.time)).not.toBeNaN();
    // The id is a template, not the record: ids never reach a route label.
    expect(requestLine('client-req.43')).toMatchObject({ method: 'GET', route: '/v1/facts/[id]', status: 200, key_id: writer.id });
    expect(requestLine('client-req.43')!.trace_id).toBeUndefined();
    const text = written.join('');
    for (const secret of [writer.key, hashSecret(writer.key), TEST_ADMIN_KEY, hashSecret(TEST_ADMIN_KEY)]) expect(text).not.toContain(secret);
  });

  it('keeps a plain X-Request-Id, replaces anything else with a fresh id, and logs refusals with the id too', async () => {
    const generated = await api.get('/v1/facts', { query: { entity: uniqueEntity('no-id') } });
    const fresh = generated.headers.get('x-request-id');
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLine(fresh!)).toMatchObject({ status: 200, route: '/v1/facts' });

    for (const hostile of ['has space', 'a'.repeat(129), '<script>', 'id"quote', 'x,y', '']) {
      const res = await api.get('/v1/facts', { query: { entity: uniqueEntity('hostile-id') }, headers: { 'x-request-id': hostile } });
      const echoed = res.headers.get('x-request-id')!;
      expect(echoed).not.toBe(hostile);
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
    }
    const refused = await api.get('/v1/facts', { key: 'stk_not-a-real-key-0000000000000000000000', headers: { 'x-request-id': 'refused-1' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe('refused-1');
    expect(requestLine('refused-1')).toMatchObject({ level: 'info', status: 401, key_id: null });
  });

  it('logs an unhandled error at error level with its stack and the request id it happened in', async () => {
    const res = runInRequest({ requestId: 'failing-1', traceId: null }, () => toErrorResponse(new Error('the disk caught fire')));
    expect(res.status).toBe(500);
    const body = (await res.json()) as { detail: string };
    expect(body.detail).not.toContain('disk');
    const line = lines().find((l) => l.msg === 'unhandled error');
    expect(line).toMatchObject({ level: 'error', request_id: 'failing-1', err: { message: 'the disk caught fire', type: 'Error' } });
    expect(line!.err!.stack).toContain('request-logs.test.ts');
  });

  it('LOG_LEVEL silences what is below it', async () => {
    setEnv({ LOG_LEVEL: 'warn' });
    resetLogger({ write: (chunk: string) => void written.push(chunk) });
    try {
      await api.get('/v1/facts', { query: { entity: uniqueEntity('quiet') }, headers: { 'x-request-id': 'quiet-1' } });
      expect(requestLine('quiet-1')).toBeUndefined();
    } finally {
      setEnv({ LOG_LEVEL: 'info' });
      resetLogger({ write: (chunk: string) => void written.push(chunk) });
    }
  });
});
