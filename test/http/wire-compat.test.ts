import { expect, it } from 'vitest';
import { z } from 'zod';
import { routeDeclaration } from '@/lib/http/api-route';
import { api, createKey, describeHttp, dispatch, expectBody, expectError, openConflict, routes, uid, uniqueEntity, wireFact } from '../harness';
import { LintResult } from '@/lib/wire/lint';
import { MemoryCard } from '@/lib/wire/cards';
import { RecallResponse } from '@/lib/wire/recall';
import { ConflictList, ErrorBody, FactBatch, FactList, FactRecord } from '@/lib/wire/records';

// Wire compatibility with the official Stigmem clients (SDK 0.9.0-alpha.10 and the MCP adapter),
// written from the reference node's published OpenAPI subset and the table of issue 15: one test
// per row. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.

const post = async (fact: object, headers?: Record<string, string>) => expectBody(await api.post('/v1/facts', fact, { headers }), 201, FactRecord);

describeHttp('wire compatibility with the official clients (issue 15)', () => {
  it('SDK recall / adapter recall: POST /v1/recall answers the RecallResponse shape', async () => {
    const tag = `wire${uid()}`;
    await post(wireFact(`stigmem://test/${tag}`, `${tag} answer`, { scope: 'local' }));
    const res = expectBody(await api.post('/v1/recall', { query: tag }, { headers: { 'Stigmem-Session': 'sess-recall' } }), 200, RecallResponse);
    expect(res.facts.map((f) => f.fact.entity)).toEqual([`stigmem://test/${tag}`]);
    expect(Object.keys(res.facts[0].score_breakdown).sort()).toEqual(['graph', 'lexical', 'recency', 'semantic', 'source_trust', 'weighted_total']);
  });

  it('SDK getCard: GET /v1/cards/{entity_uri} with the URI raw (also as Next hands it after collapsing "//") or percent-encoded', async () => {
    const entity = `stigmem://acme-${uid()}/user/alice`;
    const role = await post({ entity, relation: 'memory:role', value: { type: 'string', v: 'CTO' }, source: 'agent:sdk', confidence: 0.8 });
    await post({ entity, relation: 'memory:team', value: { type: 'string', v: 'platform' }, source: 'agent:sdk', confidence: 0.6 });
    const collapsed = entity.replace('://', ':/');
    for (const path of [`/v1/cards/${entity}?scope=local`, `/v1/cards/${collapsed}?scope=local`, `/v1/cards/${encodeURIComponent(entity)}?scope=local&refresh=true`]) {
      const card = expectBody(await api.get(path), 200, MemoryCard);
      expect(card).toMatchObject({ entity_uri: entity, scope: 'local', avg_confidence: 0.7, is_stale: false, has_contradictions: false });
      expect(card.fact_hashes).toContain(role.id);
      expect(card.summary).toContain('memory:role: CTO');
    }
    // Default scope is local; a scope without live facts of the entity is a JSON 404.
    expectBody(await api.get(`/v1/cards/${entity}`), 200, MemoryCard);
    expectError(await api.get(`/v1/cards/${entity}?scope=team`), 404, 'card_not_found');
    await post({ entity, relation: 'memory:role', value: { type: 'string', v: 'CEO' }, source: 'agent:sdk' });
    expect(expectBody(await api.get(`/v1/cards/${entity}`), 200, MemoryCard).has_contradictions).toBe(true);
    const teamOnly = await createKey(['read'], ['team'], 'cards');
    expectError(await api.get(`/v1/cards/${entity}?scope=local`, { key: teamOnly.key }), 403, 'forbidden');
  });

  it('SDK federationStatus: GET /v1/federation/peers answers {"peers": []}', async () => {
    expect(await api.get('/v1/federation/peers')).toMatchObject({ status: 200, body: { peers: [] } });
    expectError(await api.get('/v1/federation/peers', { key: null }), 401, 'unauthorized');
  });

  it('unknown /v1 paths answer a JSON 404, a wrong method a JSON 405 with Allow, on every /v1 route', async () => {
    for (const path of ['/v1/nothing-here', '/v1/facts/a/b', '/v1/recall/extra']) {
      const res = await api.get(path);
      expect(res.headers.get('content-type')).toMatch(/json/);
      expectError(res, 404, 'not_found');
    }
    const wrong = await api.put('/v1/facts', {});
    expectError(wrong, 405, 'method_not_allowed');
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
    const options = await dispatch('OPTIONS', '/v1/facts');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
    // Every route file: a method it does not serve is a JSON 405 whose Allow lists exactly what it serves.
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    for (const route of routes().filter((r) => r.pattern.startsWith('/v1/') && !r.pattern.includes('[...path]'))) {
      const path = route.pattern.replace(/\[\.\.\.[^\]]+\]/g, 'stigmem:/x/y').replace(/\[[^\]]+\]/g, 'some-id');
      for (const method of methods) {
        const res = await dispatch(method, path, { headers: { authorization: 'Bearer not-a-key' } });
        if (res.status !== 405) continue;
        const body = ErrorBody.parse(await res.json());
        expect(body.error, `${method} ${route.pattern}`).toBe('method_not_allowed');
        const allow = (res.headers.get('allow') ?? '').split(', ');
        expect(allow, `${method} ${route.pattern}`).not.toContain(method);
        // A served method refuses a bad key, unless the route is public (the API description): that one answers.
        const module = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
        for (const served of allow.filter((m) => methods.includes(m))) {
          const expected = routeDeclaration(module[served])?.permission === 'public' ? 200 : 401;
          expect((await dispatch(served, path, { headers: { authorization: 'Bearer not-a-key' } })).status, `${served} ${route.pattern}`).toBe(expected);
        }
      }
    }
  });

  it('GET /v1/facts carries total (the facts on the page) and X-Total-Count', async () => {
    const entity = uniqueEntity('total');
    for (const v of ['a', 'b', 'c']) await post(wireFact(entity, v, { relation: `memory:${v}` }));
    const res = await api.get('/v1/facts', { query: { entity, limit: 2 } });
    const page = expectBody(res, 200, FactList);
    expect(page.total).toBe(2);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(page.cursor).not.toBeNull();
    const rest = await api.get('/v1/facts', { query: { entity, limit: 2, cursor: page.cursor! } });
    expect(expectBody(rest, 200, FactList).total).toBe(1);
  });

  it('refuses an unknown query parameter, and names the reference node\u2019s ones a route ignores', async () => {
    const entity = uniqueEntity('ignored');
    const fact = await post(wireFact(entity, 'x'));
    const header = (res: { headers: Headers }) => res.headers.get('stigmem-ignored-parameters');
    // The reference's garden_id and attested: accepted, named.
    const listed = await api.get('/v1/facts', { query: { entity, garden_id: 'g', attested: 'true', limit: 5 } });
    expect(expectBody(listed, 200, FactList).facts.map((f) => f.id)).toEqual([fact.id]);
    expect(header(listed)).toBe('garden_id, attested');
    expect(header(await api.get('/v1/facts', { query: { entity, limit: 5 } }))).toBeNull();
    expect(header(await api.get(`/v1/facts/${fact.id}`, { query: { scope: 'local' } }))).toBe('scope');
    // A misspelt filter would widen the answer: refused, naming what the route takes.
    const typo = expectError(await api.get('/v1/facts', { query: { entiti: entity } }), 400, 'unknown_parameter');
    expect(typo.detail).toContain('"entiti"');
    expect(typo.detail).toContain('entity');
    const { conflict } = await openConflict();
    expectError(await api.get(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}`, { query: { verbose: '1' } }), 400, 'unknown_parameter');
    // A decision's reason in the query is the route's own.
    expect(header(await api.post('/v1/quarantine', { fact_id: fact.id, reason: 'test' }))).toBeNull();
    expect(header(await api.post(`/v1/quarantine/${fact.id}/reject?reason=test`, undefined))).toBeNull();
  });

  it('GET /v1/conflicts carries has_more', async () => {
    const entity = uniqueEntity('more');
    await openConflict({ entity, relation: 'memory:a' });
    await openConflict({ entity, relation: 'memory:b' });
    const first = expectBody(await api.get('/v1/conflicts', { query: { entity, limit: 1 } }), 200, ConflictList);
    expect(first).toMatchObject({ has_more: true });
    const last = expectBody(await api.get('/v1/conflicts', { query: { entity, limit: 1, cursor: first.cursor! } }), 200, ConflictList);
    expect(last).toMatchObject({ has_more: false, cursor: null });
  });

  it('a null value reads {"type":"null","v":null} on every read', async () => {
    const entity = uniqueEntity('null');
    const NULL = { type: 'null', v: null };
    const written = await post({ entity, relation: 'memory:manager', value: { type: 'null' }, source: 'agent:sdk' });
    expect(written.value).toEqual(NULL);
    const other = await post({ entity, relation: 'memory:manager', value: { type: 'string', v: 'bob' }, source: 'agent:sdk' });
    expect(expectBody(await api.get(`/v1/facts/${written.id}`), 200, FactRecord).value).toEqual(NULL);
    const listed = expectBody(await api.get('/v1/facts', { query: { entity, include_contradicted: true } }), 200, FactList);
    expect(listed.facts.find((f) => f.id === written.id)!.value).toEqual(NULL);
    const conflicts = expectBody(await api.get('/v1/conflicts', { query: { entity } }), 200, ConflictList);
    expect([conflicts.conflicts[0].fact_a?.value, conflicts.conflicts[0].fact_b?.value]).toContainEqual(NULL);
    const synthesis = (await api.post('/v1/synthesis', { scope: 'local', entity })).body as { summary: { value: unknown; alt_value?: unknown }[] };
    expect([synthesis.summary[0].value, synthesis.summary[0].alt_value]).toContainEqual(NULL);
    expect(other.value).toEqual({ type: 'string', v: 'bob' });
  });

  it('instants have one RFC 3339 form: UTC, no milliseconds when they are zero', async () => {
    const entity = uniqueEntity('instant');
    const fact = await post(wireFact(entity, 'x', { valid_until: '2030-01-01T00:00:00Z' }));
    expect(fact.valid_until).toBe('2030-01-01T00:00:00Z');
    const offset = await post(wireFact(entity, 'y', { relation: 'memory:y', valid_until: '2030-01-01T01:00:00.250+01:00' }));
    expect(offset.valid_until).toBe('2030-01-01T00:00:00.250Z');
    expect(expectBody(await api.get(`/v1/facts/${fact.id}`), 200, FactRecord).valid_until).toBe('2030-01-01T00:00:00Z');
    // FactRecord's schema checks timestamp is in that form too (and so on for every record in the suite).
    expect(fact.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/);
  });

  it('every fact carries attested: null (no source attestation on this node)', async () => {
    const entity = uniqueEntity('attested');
    const fact = await post(wireFact(entity, 'x'));
    expect(fact.attested).toBeNull();
    expect(expectBody(await api.get('/v1/facts', { query: { entity } }), 200, FactList).facts.every((f) => f.attested === null)).toBe(true);
  });

  it('write_mode, derived_from and the Stigmem-Session header are stored and echoed', async () => {
    const entity = uniqueEntity('provenance');
    const source = await post(wireFact(entity, 'raw', { relation: 'memory:raw' }));
    const summary = await post(
      { ...wireFact(entity, 'a summary'), write_mode: 'summarize_with_provenance', derived_from: [{ fact_id: source.id, relation: 'memory:raw' }] },
      { 'Stigmem-Session': 'sess-42' },
    );
    expect(summary).toMatchObject({ write_mode: 'summarize_with_provenance', derived_from: [{ fact_id: source.id, relation: 'memory:raw' }], session_id: 'sess-42' });
    expect(source).toMatchObject({ write_mode: 'assert', derived_from: [], session_id: null });
    expect(expectBody(await api.get(`/v1/facts/${summary.id}`), 200, FactRecord)).toMatchObject({ write_mode: 'summarize_with_provenance', session_id: 'sess-42' });
    const listed = expectBody(await api.get('/v1/facts', { query: { entity, relation: 'memory:status' } }), 200, FactList);
    expect(listed.facts[0].derived_from).toEqual([{ fact_id: source.id, relation: 'memory:raw' }]);
    const batch = expectBody(await api.post('/v1/facts', { facts: [wireFact(entity, 'b', { relation: 'memory:b', write_mode: 'assert', derived_from: [] } as never)] }, { headers: { 'Stigmem-Session': 'sess-batch' } }), 201, FactBatch);
    expect(batch.facts[0].session_id).toBe('sess-batch');
    expectError(await api.post('/v1/facts', { ...wireFact(entity, 'c'), write_mode: 'overwrite' }), 422, 'validation_error');
  });

  it('reference-style POST /v1/decay/sweep?dry_run=&scope=&ttl_seconds=&min_confidence= (no body) answers {scanned, decayed, dry_run}', async () => {
    const entity = uniqueEntity('decay');
    const scope = 'public';
    await post(wireFact(entity, 'weak', { relation: 'memory:weak', confidence: 0.15, scope }));
    await post(wireFact(entity, 'strong', { relation: 'memory:strong', confidence: 0.9, scope }));
    const sweep = (query: Record<string, string | number | boolean>) => api.post('/v1/decay/sweep', undefined, { query });
    const Result = z.object({ scanned: z.number().int(), decayed: z.number().int(), dry_run: z.boolean() }).strict();
    const preview = expectBody(await sweep({ dry_run: true, scope, min_confidence: 0.2 }), 200, Result);
    expect(preview.dry_run).toBe(true);
    expect(preview.decayed).toBeGreaterThanOrEqual(1);
    expect(preview.scanned).toBeGreaterThanOrEqual(2);
    const live = async () => ((await api.post('/v1/synthesis', { scope, entity })).body as { summary: { relation: string }[] }).summary.map((e) => e.relation);
    expect((await live()).sort()).toEqual(['memory:strong', 'memory:weak']);
    const done = expectBody(await sweep({ scope, min_confidence: 0.2 }), 200, Result);
    expect(done).toMatchObject({ dry_run: false, decayed: preview.decayed });
    expect(await live()).toEqual(['memory:strong']);
    expect(expectBody(await sweep({ dry_run: true, scope, min_confidence: 0.2 }), 200, Result).decayed).toBe(0);
    // ttl_seconds: nothing here is a day old.
    expect(expectBody(await sweep({ dry_run: true, scope, ttl_seconds: 86_400 }), 200, Result)).toMatchObject({ decayed: 0 });
    expectError(await sweep({ dry_run: true, scope, min_confidence: 2 }), 400, 'validation_error');
    const reader = await createKey(['read'], [scope], 'decay');
    expectError(await api.post('/v1/decay/sweep', undefined, { query: { dry_run: true, scope, ttl_seconds: 1 }, key: reader.key }), 403, 'forbidden');
  });

  it('lint runs the fifth check, namespacing, by default', async () => {
    const entity = uniqueEntity('ns');
    await post(wireFact(entity, 'x', { relation: 'owner' }));
    const result = expectBody(await api.post('/v1/lint', { scope: 'local', entity }), 200, LintResult);
    expect(result.checks_run).toContain('namespacing');
    expect(result.findings).toEqual([expect.objectContaining({ check: 'namespacing', severity: 'warning', relation: 'owner', suggested_relation: 'memory:owner' })]);
  });

  it('GET /healthz answers {"status":"ok"} without a key; GET /v1/me describes the calling key', async () => {
    expect(await api.get('/healthz', { key: null })).toMatchObject({ status: 200, body: { status: 'ok' } });
    const key = await createKey(['read', 'write'], ['team', 'local'], 'me');
    expect((await api.get('/v1/me', { key: key.key })).body).toEqual({ entity_uri: key.entityUri, permissions: ['read', 'write'], allowed_scopes: ['team', 'local'] });
    expectError(await api.get('/v1/me', { key: null }), 401, 'unauthorized');
  });
});
