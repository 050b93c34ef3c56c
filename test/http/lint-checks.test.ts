import { expect, it } from 'vitest';
import { LintResult, type LintFinding } from '@/lib/wire/lint';
import { advanceClock, api, createKey, describeHttp, expectBody, expectError, str, uid, uniqueEntity, wireFact } from '../harness';
import { FactRecord } from '@/lib/wire/records';

// Per-check edge cases the conformance vectors do not cover (§14.1, docs/semantics.md, liveness).

const SCOPE = 'team';

async function assert(fact: ReturnType<typeof wireFact>) {
  return expectBody(await api.post('/v1/facts', { scope: SCOPE, ...fact }), 201, FactRecord);
}

async function lint(body: Record<string, unknown>): Promise<LintFinding[]> {
  return expectBody(await api.post('/v1/lint', { scope: SCOPE, ...body }), 200, LintResult).findings;
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describeHttp('lint: contradiction', () => {
  it('reports an unresolved pair with its conflict id and both current heads', async () => {
    const entity = uniqueEntity();
    const a = await assert(wireFact(entity, 'CEO'));
    const b = await assert(wireFact(entity, 'CTO'));
    const [finding, ...rest] = await lint({ entity, checks: ['contradiction'] });
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ check: 'contradiction', severity: 'error', entity, relation: 'memory:status' });
    expect(finding.fact_ids.sort()).toEqual([a.id, b.id].sort());
    expect(finding.conflict_id).toMatch(/^stigmem:conflict:/);
  });

  it('is gone after one of the two values is retracted (value retraction)', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, 'CEO'));
    await assert(wireFact(entity, 'CTO'));
    await assert(wireFact(entity, 'CTO', { confidence: 0 }));
    expect(await lint({ entity })).toEqual([]);
  });

  it('triple-wide retraction (a value never asserted) retracts both values: no contradiction, the entity is an orphan', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, 'CEO'));
    await assert(wireFact(entity, 'CTO'));
    await assert(wireFact(entity, { type: 'null' }, { confidence: 0 }));
    const findings = await lint({ entity });
    expect(findings.map((f) => f.check)).toEqual(['orphan']);
  });

  it('a side that merely expires ends the finding (both sides must be live) but closes nothing', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, 'CEO'));
    await assert(wireFact(entity, 'CTO', { valid_until: inSeconds(2) }));
    expect((await lint({ entity, checks: ['contradiction'] })).length).toBe(1);
    advanceClock(2100);
    expect(await lint({ entity, checks: ['contradiction'] })).toEqual([]);
    const conflicts = await api.get('/v1/conflicts', { query: { entity, status: 'unresolved' } });
    expect((conflicts.body as { conflicts: unknown[] }).conflicts).toHaveLength(1);
  });
});

describeHttp('lint: stale', () => {
  it('an expired head over a live older fact of the same value: the value is stale and the entity orphaned', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, 'on'));
    const newer = await assert(wireFact(entity, 'on', { valid_until: '2020-01-01T00:00:00Z' }));
    const findings = await lint({ entity });
    expect(findings.map((f) => `${f.check}/${f.severity}`)).toEqual(['stale/warning', 'orphan/info']);
    expect(findings[0].fact_ids).toEqual([newer.id]);
    // The one wire form of an instant: no milliseconds when they are zero (docs/api.md § Wire details).
    expect(findings[0].valid_until).toBe('2020-01-01T00:00:00Z');
  });

  it('an expired value beside another live value is stale, and the entity is not an orphan', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, 'old', { valid_until: '2021-06-01T00:00:00Z' }));
    await assert(wireFact(entity, 'new'));
    expect((await lint({ entity })).map((f) => f.check)).toEqual(['stale']);
  });

  it('lookahead boundaries: inside the window info, outside nothing, expired always warning', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, 'soon', { valid_until: inSeconds(600) }));
    await assert(wireFact(entity, 'gone', { relation: 'memory:other', valid_until: '2022-01-01T00:00:00Z' }));
    const severities = async (lookahead: number) => (await lint({ entity, checks: ['stale'], stale_lookahead_s: lookahead })).map((f) => f.severity);
    expect(await severities(0)).toEqual(['warning']);
    expect(await severities(590)).toEqual(['warning']);
    expect(await severities(610)).toEqual(['warning', 'info']);
  });

  it('a retracted expired value is not stale', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, 'x', { valid_until: '2020-01-01T00:00:00Z' }));
    await assert(wireFact(entity, 'x', { confidence: 0 }));
    expect(await lint({ entity, checks: ['stale'] })).toEqual([]);
  });
});

describeHttp('lint: orphan', () => {
  it('with a relation filter, reports only entities that have facts of that relation', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, 'a', { confidence: 0 }));
    expect((await lint({ entity, checks: ['orphan'], relation: 'memory:status' })).length).toBe(1);
    expect(await lint({ entity, checks: ['orphan'], relation: 'memory:elsewhere' })).toEqual([]);
  });

  it('has relation null and lists the entity heads', async () => {
    const entity = uniqueEntity();
    const fact = await assert(wireFact(entity, 'a', { valid_until: '2020-01-01T00:00:00Z' }));
    const [orphan] = await lint({ entity, checks: ['orphan'] });
    expect(orphan).toMatchObject({ check: 'orphan', severity: 'info', relation: null, fact_ids: [fact.id] });
  });
});

describeHttp('lint: broken_ref', () => {
  it('a ref to a fact id is fine while that fact is live, broken once its value is retracted', async () => {
    const target = await assert(wireFact(uniqueEntity('target'), 'here'));
    const entity = uniqueEntity();
    await assert(wireFact(entity, { type: 'ref', v: target.id }, { relation: 'roadmap:related' }));
    expect(await lint({ entity, checks: ['broken_ref'] })).toEqual([]);
    await assert(wireFact(target.entity, 'here', { confidence: 0 }));
    const [finding] = await lint({ entity, checks: ['broken_ref'] });
    expect(finding).toMatchObject({ severity: 'warning', ref_target: target.id });
  });

  it('never crosses scopes: a target live only in another scope is broken here', async () => {
    const target = uniqueEntity('agent');
    await api.post('/v1/facts', wireFact(target, 'planner', { scope: 'company' }));
    const entity = uniqueEntity();
    await assert(wireFact(entity, { type: 'ref', v: target }, { relation: 'intent:handoff_to' }));
    const [finding] = await lint({ entity, checks: ['broken_ref'] });
    expect(finding).toMatchObject({ severity: 'error', relation: 'intent:handoff_to', ref_target: target });
    expect((await api.post('/v1/lint', { scope: 'company', entity, checks: ['broken_ref'] })).body).toMatchObject({ findings: [] });
    await assert(wireFact(target, 'planner'));
    expect(await lint({ entity, checks: ['broken_ref'] })).toEqual([]);
  });

  it('intent:context_ref is an error, other relations a warning; a retracted ref is not reported', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, { type: 'ref', v: uniqueEntity('nowhere') }, { relation: 'intent:context_ref' }));
    const gone = uniqueEntity('nowhere');
    await assert(wireFact(entity, { type: 'ref', v: gone }, { relation: 'roadmap:related' }));
    expect((await lint({ entity, checks: ['broken_ref'] })).map((f) => `${f.relation}/${f.severity}`)).toEqual([
      'intent:context_ref/error',
      'roadmap:related/warning',
    ]);
    await assert(wireFact(entity, { type: 'ref', v: gone }, { relation: 'roadmap:related', confidence: 0 }));
    expect((await lint({ entity, checks: ['broken_ref'] })).map((f) => f.relation)).toEqual(['intent:context_ref']);
  });
});

describeHttp('lint: request, filters, order', () => {
  it('filters by entity and by relation, counts the facts scanned, defaults to every check', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, 'A'));
    await assert(wireFact(entity, 'B'));
    await assert(wireFact(entity, 'gone', { relation: 'memory:old', valid_until: '2020-01-01T00:00:00Z' }));
    const all = expectBody(await api.post('/v1/lint', { scope: SCOPE, entity, checks: [] }), 200, LintResult);
    expect(all.checks_run).toEqual(['contradiction', 'stale', 'orphan', 'broken_ref', 'namespacing', 'injection', 'sensitive']);
    expect(all.findings.map((f) => f.check)).toEqual(['contradiction', 'stale']);
    // The three asserted facts; the conflict's bookkeeping facts are on the conflict's own entity.
    expect(all.fact_count).toBe(3);
    const byRelation = expectBody(await api.post('/v1/lint', { scope: SCOPE, entity, relation: 'memory:old' }), 200, LintResult);
    expect(byRelation.findings.map((f) => f.check)).toEqual(['stale']);
    expect(byRelation.fact_count).toBe(1);
  });

  it('orders findings by severity, check, entity, relation', async () => {
    const prefix = uniqueEntity('order');
    const ids = ['c', 'a', 'b'].map((s) => `${prefix}-${s}`);
    await assert(wireFact(ids[0], { type: 'ref', v: `${prefix}-missing` }, { relation: 'intent:handoff_to' }));
    await assert(wireFact(ids[1], 'x', { valid_until: '2020-01-01T00:00:00Z' }));
    await assert(wireFact(ids[2], 'y', { valid_until: '2020-01-01T00:00:00Z' }));
    await assert(wireFact(ids[2], 'z', { relation: 'memory:a', valid_until: '2020-01-01T00:00:00Z' }));
    const findings = (await lint({})).filter((f) => f.entity.startsWith(prefix));
    expect(findings.map((f) => `${f.severity}/${f.check}/${f.entity.slice(-1)}/${f.relation}`)).toEqual([
      'error/broken_ref/c/intent:handoff_to',
      'warning/stale/a/memory:status',
      'warning/stale/b/memory:a',
      'warning/stale/b/memory:status',
      'info/orphan/a/null',
      'info/orphan/b/null',
    ]);
  });

  it.each([
    ['missing scope', {}],
    ['unknown scope', { scope: 'galaxy' }],
    ['unknown check', { scope: SCOPE, checks: ['spelling'] }],
    ['checks not an array', { scope: SCOPE, checks: 'stale' }],
    ['negative lookahead', { scope: SCOPE, stale_lookahead_s: -1 }],
    ['fractional lookahead', { scope: SCOPE, stale_lookahead_s: 1.5 }],
    ['lookahead as a string', { scope: SCOPE, stale_lookahead_s: '60' }],
    ['empty entity', { scope: SCOPE, entity: '   ' }],
    ['empty relation', { scope: SCOPE, relation: '' }],
  ])('400 for %s', async (_name, body) => {
    expectError(await api.post('/v1/lint', body), 400, 'validation_error');
  });

  it('400 for a body that is not JSON, 401 without a key, 403 without read access to the scope', async () => {
    expectError(await api.post('/v1/lint', undefined, { rawBody: '{"scope":' }), 400, 'invalid_json');
    expectError(await api.post('/v1/lint', { scope: SCOPE }, { key: null }), 401, 'unauthorized');
    const other = await createKey(['read'], ['company']);
    expectError(await api.post('/v1/lint', { scope: SCOPE }, { key: other.key }), 403, 'forbidden');
    const writer = await createKey(['write'], [SCOPE]);
    expect((await api.post('/v1/lint', { scope: SCOPE, entity: uniqueEntity() }, { key: writer.key })).status).toBe(200);
  });

  it('echoes str() values in details', async () => {
    const entity = uniqueEntity();
    await assert(wireFact(entity, str('first')));
    await assert(wireFact(entity, str('second')));
    const [finding] = await lint({ entity });
    expect(finding.detail).toContain('"first"');
    expect(finding.detail).toContain('"second"');
  });
});

describeHttp('lint: namespacing (Spec-20)', () => {
  it('reports each (entity, relation) whose live values have a bare relation, as a warning with its fact ids and the prefixed name', async () => {
    const entity = uniqueEntity('ns');
    const other = uniqueEntity('ns-other');
    const owner1 = await assert(wireFact(entity, 'alice', { relation: 'owner' }));
    const owner2 = await assert(wireFact(entity, 'bob', { relation: 'owner' }));
    const colon = await assert(wireFact(entity, 'x', { relation: ':colour' }));
    await assert(wireFact(entity, 'fine', { relation: 'memory:owner' }));
    const retracted = await assert(wireFact(other, 'gone', { relation: 'tag' }));
    await assert(wireFact(other, 'gone', { relation: 'tag', confidence: 0 }));
    await assert(wireFact(other, 'old', { relation: 'label', valid_until: '2020-01-01T00:00:00Z' }));
    const findings = await lint({ entity, checks: ['namespacing'] });
    expect(findings.map((f) => [f.check, f.severity, f.relation])).toEqual([
      ['namespacing', 'warning', ':colour'],
      ['namespacing', 'warning', 'owner'],
    ]);
    const owner = findings.find((f) => f.relation === 'owner')!;
    expect(owner.fact_ids.sort()).toEqual([owner1.id, owner2.id].sort());
    expect(owner.suggested_relation).toBe('memory:owner');
    expect(owner.detail).toMatch(/"owner" has no namespace prefix.*"memory:owner"/);
    expect(findings.find((f) => f.relation === ':colour')!.fact_ids).toEqual([colon.id]);
    // Retracted and expired values are not live: nothing to rename.
    expect(await lint({ entity: other, checks: ['namespacing'] })).toEqual([]);
    expect(retracted.relation).toBe('tag');
    // "All checks" includes it; a relation filter narrows it.
    expect((await lint({ entity })).filter((f) => f.check === 'namespacing')).toHaveLength(2);
    expect((await lint({ entity, relation: 'owner' })).map((f) => f.check)).toEqual(['contradiction', 'namespacing']);
    expect(await lint({ entity, relation: 'memory:owner', checks: ['namespacing'] })).toEqual([]);
  });

  it('finds bare relations scope-wide and stays inside the scope', async () => {
    const entity = uniqueEntity('ns-scope');
    await assert(wireFact(entity, 'v', { relation: `bare${uid()}` }));
    await api.post('/v1/facts', wireFact(entity, 'w', { relation: `elsewhere${uid()}`, scope: 'public' }));
    const findings = (await lint({ checks: ['namespacing'] })).filter((f) => f.entity === entity);
    expect(findings).toHaveLength(1);
    expect(findings[0].relation).toMatch(/^bare/);
  });
});
