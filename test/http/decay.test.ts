import { afterEach, expect, it } from 'vitest';
import { api, describeHttp, expectError, hlcText, uid, setEnv } from '../harness';
import { HLC_PATTERN } from '@/lib/wire/records';
import { getDb } from '@/lib/db/prisma';
import { formatHlc } from '@/lib/time/hlc';
import { createPolicy, factsOf, importAged, newNamespace, sweep, uniqueEntity } from '../decay-helpers';

// §15: the five decay vectors of §15.7 by name, then the decisions of docs/semantics.md.

const HOUR = 3600;
afterEach(() => {
  setEnv({ STIGMEM_DECAY_POLICIES: undefined });
});

describeHttp('decay vectors (§15.7)', () => {
  it('decay-confidence-reduction', async () => {
    const ns = newNamespace();
    const entity = uniqueEntity();
    await importAged(entity, `${ns}:belief`, 'yes', 2 * HOUR);
    await createPolicy({ id: `${ns}-half`, relation: `${ns}:belief`, scope: 'company', mode: 'confidence', half_life_s: HOUR });
    const result = await sweep({ scope: 'company', policy_id: `${ns}-half` });
    expect(result).toMatchObject({ facts_reduced: 1, facts_retracted: 0, dry_run_would_reduce: 0, mode: 'confidence' });
    const [newest] = await factsOf(entity);
    expect(newest.source).toBe('system:stigmem:decay');
    expect(newest.confidence).toBeCloseTo(0.25, 2);
  });

  it('decay-retraction', async () => {
    const ns = newNamespace();
    const entity = uniqueEntity();
    await importAged(entity, `${ns}:status`, 'active', 2 * HOUR);
    await createPolicy({ id: `${ns}-ttl`, relation: `${ns}:status`, scope: 'company', mode: 'retract', ttl_s: HOUR });
    expect(await sweep({ scope: 'company', policy_id: `${ns}-ttl` })).toMatchObject({ facts_retracted: 1, facts_reduced: 0, mode: 'retract' });
    const [newest, original] = await factsOf(entity);
    expect(newest).toMatchObject({ confidence: 0, source: 'system:stigmem:decay' });
    expect(original.confidence).toBe(1);
  });

  it('decay-scope-filter', async () => {
    const ns = newNamespace();
    const entity = uniqueEntity();
    await importAged(entity, `${ns}:status`, 'stale', 2 * HOUR, { scope: 'public' });
    await createPolicy({ id: `${ns}-any`, relation: `${ns}:*`, scope: '*', mode: 'retract', ttl_s: HOUR });
    expect(await sweep({ scope: 'company', policy_id: `${ns}-any` })).toMatchObject({ facts_retracted: 0, facts_evaluated: 0 });
    expect(await factsOf(entity)).toHaveLength(1);
  });

  it('decay-dry-run', async () => {
    const ns = newNamespace();
    const entity = uniqueEntity();
    const id = await importAged(entity, `${ns}:status`, 'old', 2 * HOUR);
    await createPolicy({ id: `${ns}-ttl`, relation: `${ns}:status`, scope: 'company', mode: 'retract', ttl_s: HOUR });
    const result = await sweep({ scope: 'company', policy_id: `${ns}-ttl`, mode: 'dry_run' });
    expect(result).toMatchObject({ mode: 'dry_run', dry_run_would_retract: 1, dry_run_would_reduce: 0, facts_retracted: 0, facts_reduced: 0 });
    expect(result.changes).toEqual([expect.objectContaining({ fact_id: id, policy_id: `${ns}-ttl`, action: 'retract', confidence_before: 1, confidence_after: 0 })]);
    expect(result.counts_by_policy).toEqual([{ policy_id: `${ns}-ttl`, would_retract: 1, would_reduce: 0 }]);
    expect(await factsOf(entity)).toHaveLength(1);
  });

  it('decay-exempt', async () => {
    const entity = uniqueEntity();
    const ns = newNamespace();
    await importAged(entity, 'stigmem:received_from', 'node-b', 2 * HOUR);
    await createPolicy({ id: `${ns}-all`, relation: '*', scope: 'company', mode: 'retract', ttl_s: 1 });
    try {
      const result = await sweep({ scope: 'company', policy_id: `${ns}-all`, entity });
      expect(result).toMatchObject({ facts_retracted: 0, facts_evaluated: 0 });
      expect(await factsOf(entity)).toHaveLength(1);
    } finally {
      await api.delete(`/v1/decay/policies/${ns}-all`);
    }
  });
});

describeHttp('decay semantics', () => {
  it('most specific policy first: exact relation, then the longest prefix, then *', async () => {
    const ns = newNamespace();
    const entity = uniqueEntity();
    await importAged(entity, `${ns}:a:exact`, 'x', 10 * HOUR);
    await importAged(entity, `${ns}:a:other`, 'x', 10 * HOUR);
    await importAged(entity, `${ns}:b`, 'x', 10 * HOUR);
    await createPolicy({ id: `${ns}-exact`, relation: `${ns}:a:exact`, scope: '*', mode: 'retract', ttl_s: HOUR });
    await createPolicy({ id: `${ns}-long`, relation: `${ns}:a:*`, scope: '*', mode: 'confidence', half_life_s: 10 * HOUR });
    await createPolicy({ id: `${ns}-short`, relation: `${ns}:*`, scope: 'company', mode: 'confidence', half_life_s: 5 * HOUR, min_confidence: 0.3 });
    const result = await sweep({ scope: 'company', entity, mode: 'dry_run' });
    const byRelation = Object.fromEntries((result.changes as { relation: string; policy_id: string; confidence_after: number }[]).map((c) => [c.relation, c]));
    expect(byRelation[`${ns}:a:exact`]).toMatchObject({ policy_id: `${ns}-exact`, confidence_after: 0 });
    expect(byRelation[`${ns}:a:other`].policy_id).toBe(`${ns}-long`);
    expect(byRelation[`${ns}:a:other`].confidence_after).toBeCloseTo(0.5, 2);
    // ${ns}:b decays by the short prefix with its floor: 1 × 2^-2 = 0.25, floored at 0.3.
    expect(byRelation[`${ns}:b`]).toMatchObject({ policy_id: `${ns}-short`, confidence_after: 0.3 });
  });

  it('is idempotent: a second sweep right after the first writes nothing', async () => {
    const ns = newNamespace();
    const entity = uniqueEntity();
    await importAged(entity, `${ns}:belief`, 'yes', 3 * HOUR, { confidence: 0.8 });
    await importAged(entity, `${ns}:other`, 'no', 30 * HOUR);
    await createPolicy({ id: `${ns}-half`, relation: `${ns}:*`, scope: 'company', mode: 'confidence', half_life_s: 2 * HOUR, min_confidence: 0.1 });
    expect((await sweep({ scope: 'company', entity })).facts_reduced).toBe(2);
    const after = await factsOf(entity);
    expect(await sweep({ scope: 'company', entity })).toMatchObject({ facts_reduced: 0, facts_retracted: 0, facts_evaluated: 2 });
    expect(await factsOf(entity)).toEqual(after);
    // Age counts from the latest non-decay assertion: 0.8 × 2^-1.5 ≈ 0.283, and the floor holds 0.1.
    const belief = after.find((f) => f.relation === `${ns}:belief` && f.source === 'system:stigmem:decay')!;
    expect(belief.confidence).toBeCloseTo(0.283, 2);
    expect(after.find((f) => f.relation === `${ns}:other` && f.source === 'system:stigmem:decay')!.confidence).toBe(0.1);
  });

  it('a re-assertion restarts the age; a system: source is never decayed', async () => {
    const ns = newNamespace();
    const entity = uniqueEntity();
    await importAged(entity, `${ns}:x`, 'v', 5 * HOUR);
    await api.post('/v1/facts', { entity, relation: `${ns}:x`, value: { type: 'string', v: 'v' }, source: 'agent:fresh', scope: 'company' });
    await importAged(entity, `${ns}:y`, 'w', 5 * HOUR, { source: 'system:importer' });
    await createPolicy({ id: `${ns}-ttl`, relation: `${ns}:*`, scope: 'company', mode: 'retract', ttl_s: HOUR });
    expect(await sweep({ scope: 'company', entity })).toMatchObject({ facts_retracted: 0, facts_evaluated: 1 });
  });

  it('retracting one side of an unresolved conflict closes it', async () => {
    const ns = newNamespace();
    const entity = uniqueEntity();
    await importAged(entity, `${ns}:role`, 'old', 10 * HOUR);
    await api.post('/v1/facts', { entity, relation: `${ns}:role`, value: { type: 'string', v: 'new' }, source: 'agent:x', scope: 'company' });
    await createPolicy({ id: `${ns}-ttl`, relation: `${ns}:role`, scope: 'company', mode: 'retract', ttl_s: HOUR });
    expect((await sweep({ scope: 'company', entity })).facts_retracted).toBe(1);
    const conflicts = (await api.get('/v1/conflicts', { query: { entity } })).body as { conflicts: { status: string; resolution_basis: string; resolved_by: string }[] };
    expect(conflicts.conflicts).toEqual([expect.objectContaining({ status: 'resolved', resolution_basis: 'retracted', resolved_by: 'system:stigmem:decay' })]);
    // The bookkeeping fact says so too, and the resolution points at the decay retraction.
    const conflict = conflicts.conflicts[0] as unknown as { conflict_id: string; resolution_fact_id: string };
    const [status] = (await factsOf(conflict.conflict_id)).filter((f) => f.relation === 'stigmem:conflict:status');
    expect(status).toMatchObject({ value: { type: 'string', v: 'resolved' }, source: 'system:stigmem' });
    const [retraction] = await factsOf(entity);
    expect(retraction).toMatchObject({ id: conflict.resolution_fact_id, confidence: 0, source: 'system:stigmem:decay' });
  });

  it('decay facts take distinct three-digit HLCs, even past 1,000 in one chunk, and later writes come after them', async () => {
    // In scope local: 1,200 values of one entity would crowd the company scope other files page through.
    const ns = newNamespace();
    const entity = uniqueEntity();
    const wall = Date.now() - 5 * HOUR * 1000;
    const aged = (i: number) => ({
      entity,
      relation: `${ns}:r${i}`,
      value: { type: 'string', v: 'v' },
      source: 'agent:seed',
      scope: 'local',
      id: `fact-${uid()}`,
      hlc: hlcText(wall, i % 1000),
      timestamp: new Date(wall).toISOString(),
    });
    for (const start of [0, 1000]) {
      const res = await api.post('/v1/facts/import', { facts: Array.from({ length: 600 }, (_, j) => aged(start + j)) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    await createPolicy({ id: `${ns}-half`, relation: `${ns}:*`, scope: 'local', mode: 'confidence', half_life_s: HOUR });
    expect((await sweep({ scope: 'local', entity })).facts_reduced).toBe(1200);
    const later = await api.post('/v1/facts', { entity, relation: `${ns}:later`, value: { type: 'string', v: 'w' }, source: 'agent:x', scope: 'local' });
    expect(later.status).toBe(201);
    // More than the API pages at once: read the decay facts' HLCs from the database.
    const db = await getDb();
    const rows = await db.$queryRaw<{ wall: bigint; counter: number }[]>`
      SELECT hlc_wall AS wall, hlc_counter AS counter FROM facts WHERE entity = ${entity} AND source = 'system:stigmem:decay'`;
    const hlcs = rows.map((r) => formatHlc({ wall: Number(r.wall), counter: r.counter }));
    expect(hlcs).toHaveLength(1200);
    expect(hlcs.every((h) => HLC_PATTERN.test(h))).toBe(true);
    expect(new Set(hlcs).size).toBe(1200);
    const newest = [...hlcs].sort().at(-1)!;
    expect((later.body as { hlc: string }).hlc > newest).toBe(true);
    // Leave local without policies for the no-op case below.
    expect((await api.delete(`/v1/decay/policies/${ns}-half`)).status).toBe(204);
  });

  it('dry run counts per policy and histograms before and after, in one pass, evaluated rows included', async () => {
    const ns = newNamespace();
    const entity = uniqueEntity();
    await importAged(entity, `${ns}:a`, 'x', 2 * HOUR, { confidence: 0.85 });
    await importAged(entity, `${ns}:b`, 'y', 2 * HOUR);
    await importAged(entity, `${ns}:c`, 'z', 10);
    await createPolicy({ id: `${ns}-ttl`, relation: `${ns}:a`, scope: 'company', mode: 'retract', ttl_s: HOUR });
    await createPolicy({ id: `${ns}-half`, relation: `${ns}:*`, scope: 'company', mode: 'confidence', half_life_s: HOUR });
    const result = (await sweep({ scope: 'company', entity, mode: 'dry_run' })) as Awaited<ReturnType<typeof sweep>> & {
      histogram: { bucket: string; before: number; after: number }[];
    };
    // a: retracted (0.85 → 0); b: 1 → 0.25 after two half-lives; c: ten seconds old, evaluated, unchanged.
    expect(result).toMatchObject({ facts_evaluated: 3, dry_run_would_retract: 1, dry_run_would_reduce: 1 });
    expect(result.counts_by_policy).toEqual([
      { policy_id: `${ns}-half`, would_retract: 0, would_reduce: 1 },
      { policy_id: `${ns}-ttl`, would_retract: 1, would_reduce: 0 },
    ]);
    const nonZero = result.histogram.flatMap((b) => (b.before || b.after ? [[b.bucket, b.before, b.after]] : []));
    expect(nonZero).toEqual([
      ['0.0–0.1', 0, 1],
      ['0.2–0.3', 0, 1],
      ['0.8–0.9', 1, 0],
      ['0.9–1.0', 1, 0],
    ]);
  });

  it('one-fact preview: fact_id narrows a dry run to that value', async () => {
    const ns = newNamespace();
    const entity = uniqueEntity();
    const id = await importAged(entity, `${ns}:a`, 'x', 2 * HOUR);
    await importAged(entity, `${ns}:b`, 'y', 2 * HOUR);
    await createPolicy({ id: `${ns}-ttl`, relation: `${ns}:*`, scope: 'company', mode: 'retract', ttl_s: HOUR });
    const result = await sweep({ scope: 'company', mode: 'dry_run', fact_id: id });
    expect((result.changes as { fact_id: string }[]).map((c) => c.fact_id)).toEqual([id]);
  });

  it('a value thousands of half-lives old decays to the floor instead of failing (exp underflow)', async () => {
    // 2 days at a one-minute half-life: exp(−ln2 × 2,880) is below the smallest float8, and
    // PostgreSQL raises "value out of range: underflow" instead of answering 0.
    const ns = newNamespace();
    const entity = uniqueEntity();
    await importAged(entity, `${ns}:presence`, 'online', 48 * HOUR);
    await createPolicy({ id: `${ns}-minute`, relation: `${ns}:*`, scope: 'company', mode: 'confidence', half_life_s: 60, min_confidence: 0.05 });
    expect(await sweep({ scope: 'company', policy_id: `${ns}-minute`, mode: 'dry_run' })).toMatchObject({ dry_run_would_reduce: 1 });
    expect(await sweep({ scope: 'company', policy_id: `${ns}-minute` })).toMatchObject({ facts_reduced: 1 });
    const [newest] = await factsOf(entity);
    expect(newest).toMatchObject({ confidence: 0.05, source: 'system:stigmem:decay' });
  });

  it('no policies for the scope: a no-op', async () => {
    expect(await sweep({ scope: 'local', entity: uniqueEntity() })).toMatchObject({ facts_evaluated: 0, facts_retracted: 0, facts_reduced: 0, policies_applied: [] });
  });
});

describeHttp('decay policies API', () => {
  it('env policies are listed read-only; database policies can be replaced and deleted', async () => {
    const ns = newNamespace();
    setEnv({ STIGMEM_DECAY_POLICIES: JSON.stringify([{ id: `${ns}-env`, relation: 'memory:*', scope: 'company', mode: 'confidence', half_life_s: 604800, min_confidence: 0.1 }]) });
    const list = (await api.get('/v1/decay/policies')).body as { policies: { id: string; source: string }[] };
    expect(list.policies).toEqual(expect.arrayContaining([expect.objectContaining({ id: `${ns}-env`, source: 'env' })]));
    expectError(await api.put(`/v1/decay/policies/${ns}-env`, { relation: '*', scope: '*', mode: 'retract', ttl_s: 5 }), 409, 'policy_read_only');
    expectError(await api.delete(`/v1/decay/policies/${ns}-env`), 409, 'policy_read_only');
    expectError(await api.post('/v1/decay/policies', { id: `${ns}-env`, relation: '*', scope: '*', mode: 'retract', ttl_s: 5 }), 409, 'policy_read_only');

    await createPolicy({ id: `${ns}-db`, relation: 'x:*', scope: 'team', mode: 'retract', ttl_s: 60 });
    expectError(await api.post('/v1/decay/policies', { id: `${ns}-db`, relation: 'x:*', scope: 'team', mode: 'retract', ttl_s: 60 }), 409, 'policy_exists');
    const replaced = await api.put(`/v1/decay/policies/${ns}-db`, { relation: 'x:y', scope: '*', mode: 'confidence', half_life_s: 10 });
    expect(replaced.body).toMatchObject({ id: `${ns}-db`, relation: 'x:y', scope: '*', mode: 'confidence', half_life_s: 10, source: 'database' });
    expect((await api.get(`/v1/decay/policies/${ns}-db`)).body).toMatchObject({ relation: 'x:y' });
    expect((await api.delete(`/v1/decay/policies/${ns}-db`)).status).toBe(204);
    expectError(await api.get(`/v1/decay/policies/${ns}-db`), 404, 'policy_not_found');
  });

  it.each([
    ['retract without ttl_s', { mode: 'retract' }],
    ['confidence without half_life_s', { mode: 'confidence' }],
    ['ttl_s of 0', { mode: 'retract', ttl_s: 0 }],
    ['min_confidence above 1', { mode: 'confidence', half_life_s: 5, min_confidence: 1.5 }],
    ['bad relation pattern', { relation: 'mem*ory', mode: 'retract', ttl_s: 5 }],
    ['bad scope', { scope: 'galaxy', mode: 'retract', ttl_s: 5 }],
    ['dry_run as a policy mode', { mode: 'dry_run', ttl_s: 5 }],
  ])('422 for a policy with %s', async (_name, fields) => {
    expectError(await api.post('/v1/decay/policies', { id: newNamespace(), relation: 'a:*', scope: 'company', ...fields }), 422, 'validation_error');
  });

  it('changing policies needs admin', async () => {
    const { createKey } = await import('../harness');
    const writer = await createKey(['write'], ['company']);
    expectError(await api.post('/v1/decay/policies', { id: newNamespace(), relation: '*', scope: '*', mode: 'retract', ttl_s: 5 }, { key: writer.key }), 403, 'forbidden');
    expect((await api.get('/v1/decay/policies', { key: writer.key })).status).toBe(200);
  });
});

describeHttp('decay sweep errors', () => {
  it.each([
    ['missing scope', {}],
    ['invalid scope', { scope: 'everywhere' }],
    ['invalid mode', { scope: 'company', mode: 'delete' }],
  ])('400 for %s', async (_name, body) => {
    expectError(await api.post('/v1/decay/sweep', body), 400, 'validation_error');
  });

  it('400 for an unknown policy_id, 403 without write access', async () => {
    expectError(await api.post('/v1/decay/sweep', { scope: 'company', policy_id: 'no-such-policy' }), 400, 'unknown_policy');
    const { createKey } = await import('../harness');
    const reader = await createKey(['read'], ['company']);
    expectError(await api.post('/v1/decay/sweep', { scope: 'company' }, { key: reader.key }), 403, 'forbidden');
    const other = await createKey(['write'], ['team']);
    expectError(await api.post('/v1/decay/sweep', { scope: 'company', mode: 'dry_run' }, { key: other.key }), 403, 'forbidden');
  });
});
