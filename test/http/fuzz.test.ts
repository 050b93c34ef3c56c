import fc from 'fast-check';
import { expect, it } from 'vitest';
import { dispatch, describeHttp, routes, TEST_ADMIN_KEY } from '../harness';

// The fuzz suite (README § Reliability): hostile bodies, query strings and path segments against
// every route and every MCP tool, on both engines. Properties: no answer is a 5xx; every error is
// JSON with a string "error" and a non-empty "detail"; the node still answers afterwards; its
// memory stays bounded. Deterministic by default (FUZZ_SEED), FUZZ_RUNS scales every property.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => ({ seed: SEED, numRuns: Math.max(1, Math.round(n * RUNS)), endOnFailure: true });

/** Field names the API's schemas know, so generated bodies reach past "unknown field" into each schema. */
const FIELDS = [
  'allowed_scopes', 'auto_resolve', 'check', 'checks', 'confidence', 'cursor', 'description', 'dry_run', 'enabled', 'entity', 'events',
  'expires_at', 'fact_id', 'facts', 'half_life_s', 'hlc', 'id', 'include_expired', 'key', 'limit', 'min_confidence', 'mode', 'name',
  'namespace', 'namespaces', 'note', 'permissions', 'policy_id', 'relation', 'resolution_note', 'retract_losers', 'scope', 'secret',
  'severity', 'source', 'stale_lookahead_s', 'status', 'subject', 'threshold', 'timestamp', 'ttl_s', 'url', 'valid_until', 'value',
  'winning_fact_id',
];

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', 'local', 'team', 'company', '*', 'x:*', 'stigmem://a/b', '../../etc/passwd', '%ZZ', '\u0000', '\ud800', '1e400', '-1', 'NaN', 'null', '2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '9999999999999.999'),
  fc.string({ minLength: 1, maxLength: 3 }).map((s) => s.repeat(30_000)),
);
const hostileNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, -0, -1, 1e308, -1e308, 2 ** 53, 0.5, 1.0000001));
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELDS, 'type', 'v'), tie('node'), { maxKeys: 4 })),
})).node;
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
  fc.record({ facts: fc.array(fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }), { maxLength: 5 }) }),
  value,
);
/** Text that is not JSON, or barely: raw bytes, truncations, odd encodings. */
const rawText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.constantFrom('{', '[', '{"a":', 'nul', '{"facts":[{}]', '\ufeff{}', '{"entity":"\\ud800"}', '{"a":1}{"b":2}', '1e99999'),
);
const query = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(hostileString.map(String), hostileNumber.map(String)), { maxKeys: 6 });
const pathSegment = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom('%ZZ', '%C0%AF', '%E0%A4%A', '%FF%FE', '..', '%2e%2e', '%00', 'stigmem%3Aconflict%3Ax', 'a'.repeat(5000)),
);

const ROUTES = routes().filter((r) => r.pattern !== '/mcp');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function concrete(pattern: string, segment: string): string {
  return pattern.replace(/\[\.\.\.[^\]]+\]/g, `${segment}/${segment}`).replace(/\[[^\]]+\]/g, segment);
}

function toQuery(params: Record<string, string>): string {
  const text = new URLSearchParams(params).toString();
  return text ? `?${text}` : '';
}

/** One request; the property: below 500, and an error answer has the error body. */
async function probe(method: string, target: string, payload: string | undefined, headers: Record<string, string> = {}): Promise<void> {
  const res = await dispatch(method, target, { headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json', ...headers }, body: payload });
  // An event stream (GET /api/live) stays open while its client does: its status is the answer.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    expect(res.status, `${method} ${target.slice(0, 200)}`).toBe(200);
    await res.body?.cancel();
    return;
  }
  const text = await res.text();
  expect(res.status, `${method} ${target.slice(0, 200)} with ${String(payload).slice(0, 200)} answered ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400 && res.status !== 405 && res.status !== 404) {
    const parsed = JSON.parse(text) as { error?: unknown; detail?: unknown };
    expect(typeof parsed.error).toBe('string');
    expect(typeof parsed.detail === 'string' && parsed.detail.length > 0).toBe(true);
  }
}

describeHttp('fuzz', () => {
  const rssBefore = process.memoryUsage().rss;

  it('hostile JSON bodies on every route and method', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), fc.constantFrom(...METHODS.filter((m) => m !== 'GET')), pathSegment, body, async (route, method, segment, payload) => {
        await probe(method, concrete(route.pattern, segment), JSON.stringify(payload));
      }),
      runs(400),
    );
  }, 600_000);

  it('raw bytes and broken JSON on every route that takes a body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), fc.constantFrom('POST', 'PUT', 'PATCH'), rawText, async (route, method, payload) => {
        await probe(method, concrete(route.pattern, 'x1'), payload);
      }),
      runs(300),
    );
  }, 600_000);

  it('hostile query strings and path segments on every GET', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), pathSegment, query, async (route, segment, params) => {
        await probe('GET', `${concrete(route.pattern, segment)}${toQuery(params)}`, undefined);
      }),
      runs(400),
    );
  }, 600_000);

  it('hostile arguments to every MCP tool', async () => {
    const listed = await dispatch('POST', '/mcp', {
      headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tools = ((await listed.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
    expect(tools.length).toBeGreaterThan(3);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...tools, 'no_such_tool'), fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }), async (name, args) => {
        const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } };
        const res = await dispatch('POST', '/mcp', {
          headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify(call),
        });
        expect(res.status).toBeLessThan(500);
        // A failure is a tool result with isError (or a JSON-RPC error), never a crash of the handler.
        const answer = (await res.json()) as { result?: { isError?: boolean; content: unknown[] }; error?: { message: string } };
        expect(answer.result ?? answer.error).toBeDefined();
      }),
      runs(200),
    );
  }, 600_000);

  it('the node still answers afterwards, and its memory stayed bounded', async () => {
    const res = await dispatch('GET', '/.well-known/stigmem');
    expect(res.status).toBe(200);
    const writes = await dispatch('GET', '/v1/facts?limit=1', { headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` } });
    expect(writes.status).toBe(200);
    // The whole suite holds at most a few bodies of 90 KB at a time; growth beyond this is a leak.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(768 * 1024 * 1024);
  });
});
