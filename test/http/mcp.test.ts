import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createKey, describeHttp, TEST_ADMIN_KEY, uniqueEntity, takeTurnsOnScopeHistory } from '../harness';
import { startFakeNode, startNodeServer, type TestServer } from '../node-server';

// MCP over HTTP with the SDK's client, and the stdio process-mode adapter as a child process.

const BIN = path.resolve(__dirname, '../../bin/stigmem-health-mcp.mjs');
let node: TestServer;
beforeAll(async () => {
  node = await startNodeServer();
});
afterAll(async () => node?.close());

async function httpClient(key: string | null = TEST_ADMIN_KEY) {
  const client = new Client({ name: 'test', version: '1.0.0' });
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${node.url}/mcp`), { requestInit: { headers } }));
  return client;
}

type ToolResult = { isError?: boolean; content: { type: string; text: string }[] };
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;
const json = (result: ToolResult) => JSON.parse(result.content[0].text);

describeHttp('MCP over streamable HTTP', () => {
  takeTurnsOnScopeHistory();
  it('lists the tools with the names and input schemas of the spec sections', async () => {
    const client = await httpClient();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['lint_scope', 'decay_scope', 'synthesize_scope', 'resolve_contradiction', 'assert_fact', 'query_facts', 'recall', 'list_conflicts', 'get_context', 'health_history']);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    const scope = { type: 'string', enum: ['local', 'team', 'company', 'public'] };
    // §14.7
    expect(byName.lint_scope.description).toMatch(/^Sweep a Stigmem scope for knowledge-base health issues\./);
    expect(byName.lint_scope.inputSchema).toEqual({
      type: 'object',
      properties: {
        scope: { ...scope, description: 'The fact scope to sweep.' },
        // Spec-20's fifth check and this node's two memory-integrity checks join §14.7's enum.
        checks: {
          type: 'array',
          items: { type: 'string', enum: ['contradiction', 'stale', 'orphan', 'broken_ref', 'namespacing', 'injection', 'sensitive'] },
          description: 'Which checks to run. Omit to run all seven (Spec-20 adds namespacing; this node adds injection and sensitive, memory integrity).',
        },
        entity: { type: 'string', description: 'Optional. Restrict sweep to facts about a single entity URI.' },
        relation: { type: 'string', description: 'Optional. Restrict sweep to a single relation.' },
        stale_lookahead_s: { type: 'integer', description: 'Optional. Also flag facts expiring within this many seconds. Default 0 (expired-only).' },
        // This node's paging (POST /v1/lint with limit): an agent can read a large scope's findings a page at a time.
        limit: { type: 'integer', description: expect.stringMatching(/^Optional\. Answer one page/) },
        cursor: { type: 'string', description: 'Optional, with limit. The next_cursor of the previous page.' },
      },
      required: ['scope'],
    });
    // §15.5
    expect(byName.decay_scope.inputSchema).toEqual({
      type: 'object',
      properties: {
        scope: { ...scope, description: 'The fact scope to sweep.' },
        mode: { type: 'string', enum: ['retract', 'confidence', 'dry_run'], description: "Optional. Override decay mode for this run. Omit to use configured policy modes." },
        policy_id: { type: 'string', description: 'Optional. Run only the named decay policy.' },
      },
      required: ['scope'],
    });
    // §16.4
    expect(byName.synthesize_scope.inputSchema).toEqual({
      type: 'object',
      properties: {
        scope: { ...scope, description: 'The fact scope to synthesize.' },
        entity: { type: 'string', description: 'Optional. Restrict synthesis to facts about a single entity URI.' },
        min_confidence: { type: 'number', description: 'Optional. Exclude entries with confidence below this threshold. Range [0.0, 1.0]. Default 0.0.' },
      },
      required: ['scope'],
    });
    expect(byName.resolve_contradiction.inputSchema.required).toEqual(['conflict_id']);
    // The official MCP adapter's recall arguments.
    expect(byName.recall.inputSchema.required).toEqual(['query']);
    expect(Object.keys(byName.recall.inputSchema.properties ?? {})).toEqual(['query', 'scope', 'token_budget', 'depth', 'weights', 'min_confidence', 'include_neighbors', 'limit', 'session_id']);
    await client.close();
  });

  it('recall: answered by POST /v1/recall, weights as a JSON string, session_id as the Stigmem-Session header', async () => {
    const client = await httpClient();
    const tag = `mcprecall${uniqueEntity('t').slice(-10)}`;
    const entity = `stigmem://test/${tag}`;
    await call(client, 'assert_fact', { entity, relation: 'memory:note', value: { type: 'string', v: `${tag} launch plan` }, source: 'agent:mcp', scope: 'team' });
    const result = await call(client, 'recall', { query: tag, scope: 'team', token_budget: 500, weights: '{"lexical":1,"semantic":0,"graph":0,"source_trust":0,"recency":0}', session_id: 'sess-mcp-1' });
    expect(result.isError, result.content[0].text).toBeFalsy();
    const body = json(result);
    expect(body).toMatchObject({ token_budget: 500, truncated: false, total_scored: 1 });
    expect(body.facts[0]).toMatchObject({ fact: { entity }, score: 1, hop_distance: 0, score_breakdown: { lexical: 1, semantic: 0 } });
    const bad = await call(client, 'recall', { query: '', scope: 'team' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toMatch(/^validation_error: query/);
    const written = json(await call(client, 'assert_fact', { entity, relation: 'memory:other', value: { type: 'string', v: 'x' }, source: 'agent:mcp', scope: 'team', session_id: 'sess-mcp-2' }));
    expect(written.session_id).toBe('sess-mcp-2');
    await client.close();
  });

  it('calls every tool on seeded data: assert, lint, list, resolve (new_value as a JSON string), synthesize, query, decay, context', async () => {
    const client = await httpClient();
    const entity = uniqueEntity('mcp');
    for (const v of ['CEO', 'CTO']) {
      const res = await call(client, 'assert_fact', { entity, relation: 'memory:role', value: { type: 'string', v }, source: 'agent:mcp', scope: 'company' });
      expect(res.isError, res.content[0].text).toBeFalsy();
    }
    const lint = json(await call(client, 'lint_scope', { scope: 'company', entity, checks: ['contradiction'] }));
    expect(lint.findings).toHaveLength(1);
    const paged = json(await call(client, 'lint_scope', { scope: 'company', entity, limit: 1 }));
    expect(paged.findings).toEqual(lint.findings);
    expect(paged.next_cursor).toBeNull();
    const listed = json(await call(client, 'list_conflicts', { entity, status: 'unresolved' }));
    expect(listed.conflicts[0].conflict_id).toBe(lint.findings[0].conflict_id);
    const resolved = await call(client, 'resolve_contradiction', { conflict_id: lint.findings[0].conflict_id, new_value: '{"type":"string","v":"CFO"}' });
    expect(json(resolved)).toMatchObject({ conflict_status: 'resolved' });
    const synthesis = json(await call(client, 'synthesize_scope', { scope: 'company', entity }));
    expect(synthesis.summary).toEqual([expect.objectContaining({ value: { type: 'string', v: 'CFO' }, contradicted: false })]);
    const facts = json(await call(client, 'query_facts', { entity, include_contradicted: true, limit: 10 }));
    expect(facts.facts.length).toBeGreaterThanOrEqual(4);
    const decay = json(await call(client, 'decay_scope', { scope: 'company', mode: 'dry_run' }));
    expect(decay).toMatchObject({ mode: 'dry_run', facts_retracted: 0, facts_reduced: 0 });
    json(await call(client, 'lint_scope', { scope: 'company' })); // a whole-scope lint is recorded as a health run
    const history = json(await call(client, 'health_history', { scope: 'company', limit: 1 }));
    expect(history.runs[0]).toMatchObject({ scope: 'company', trigger: 'api', status: 'ok' });
    const context = await call(client, 'get_context', { scope: 'company', entity });
    expect(context.content[0].text).toBe(`## Stigmem context - ${entity}\n\n### memory\n- **memory:role** on \`${entity}\`: CFO\n`);
    await client.close();
  });

  it('refuses out-of-scope and unpermitted calls and bad arguments with isError and the detail', async () => {
    const teamReader = await createKey(['read'], ['team']);
    const client = await httpClient(teamReader.key);
    const outOfScope = await call(client, 'lint_scope', { scope: 'company' });
    expect(outOfScope).toMatchObject({ isError: true });
    expect(outOfScope.content[0].text).toMatch(/^forbidden: .*scope "company"/);
    expect((await call(client, 'assert_fact', { entity: 'x', relation: 'memory:a', value: { type: 'null' }, source: 's', scope: 'team' })).content[0].text).toMatch(/^forbidden: .*write/);
    await client.close();
    const admin = await httpClient();
    expect((await call(admin, 'lint_scope', { scope: 'mars' })).content[0].text).toMatch(/^validation_error: scope/);
    expect((await call(admin, 'resolve_contradiction', {})).content[0].text).toMatch(/conflict_id is required/);
    expect((await call(admin, 'resolve_contradiction', { conflict_id: 'stigmem:conflict:none', new_value: '{not json' })).content[0].text).toMatch(/new_value must be/);
    expect((await call(admin, 'resolve_contradiction', { conflict_id: 'stigmem:conflict:none', winning_fact_id: 'x' })).content[0].text).toMatch(/^conflict_not_found/);
    expect((await call(admin, 'no_such_tool', {})).isError).toBe(true);
    await admin.close();
  });

  it('answers 401 without a key', async () => {
    await expect(httpClient(null)).rejects.toThrow(/401|unauthorized/i);
  });
});

function stdioClient(env: Record<string, string>) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { transport, stderr: () => stderr };
}

describeHttp('stdio process-mode adapter (bin/stigmem-health-mcp)', () => {
  it('exits non-zero with a message when STIGMEM_URL is absent', () => {
    const run = spawnSync(process.execPath, [BIN], { env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '' }, encoding: 'utf8', input: '' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/STIGMEM_URL is not set/);
  });

  it('forwards tool calls to a running node', async () => {
    const { transport } = stdioClient({ STIGMEM_URL: node.url, STIGMEM_API_KEY: TEST_ADMIN_KEY });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toHaveLength(10);
    expect(tools).toContain('recall');
    const entity = uniqueEntity('stdio');
    await call(client, 'assert_fact', { entity, relation: 'memory:x', value: '{"type":"string","v":"y"}', source: 'agent:stdio', scope: 'team' });
    expect(json(await call(client, 'synthesize_scope', { scope: 'team', entity })).summary).toHaveLength(1);
    const word = entity.split('-').pop()!;
    const recalled = json(await call(client, 'recall', { query: word, scope: 'team', session_id: 'sess-stdio' }));
    expect(recalled.facts.map((f: { fact: { entity: string } }) => f.fact.entity)).toEqual([entity]);
    await client.close();
  });

  it('node down at boot: the probe failure is logged and tool calls fail with an adapter error', async () => {
    const { transport, stderr } = stdioClient({ STIGMEM_URL: 'http://127.0.0.1:9', STIGMEM_API_KEY: 'k' });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    const result = await call(client, 'lint_scope', { scope: 'team' });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^adapter: the Stigmem node is not available/);
    expect(stderr()).toMatch(/boot probe failed/);
    await client.close();
  });

  it('4xx: an error result without retry; 5xx: one retry, then an error result', async () => {
    const failing = await startFakeNode(500);
    const { transport } = stdioClient({ STIGMEM_URL: failing.url });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    const result = await call(client, 'lint_scope', { scope: 'team' });
    expect(result.content[0].text).toMatch(/^fake_failure: the fake node answers 500/);
    expect(failing.hits.get('/v1/lint')).toBe(2);
    await client.close();
    await failing.close();

    const { transport: t2 } = stdioClient({ STIGMEM_URL: node.url, STIGMEM_API_KEY: TEST_ADMIN_KEY });
    const c2 = new Client({ name: 'test', version: '1.0.0' });
    await c2.connect(t2);
    const before = node.hits.get('/v1/lint') ?? 0;
    expect((await call(c2, 'lint_scope', { scope: 'mars' })).content[0].text).toMatch(/^validation_error/);
    expect(node.hits.get('/v1/lint')).toBe(before + 1);
    await c2.close();
  });
});
