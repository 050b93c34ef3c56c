import { afterEach, expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { Prisma } from '@/lib/generated/prisma/client';
import { historySql } from '@/lib/conflicts/review-history';
import type { FactScope } from '@/lib/facts/scope';
import { api, createKey, describeHttp, expectError, hlcText, uid, uniqueEntity, wireFact, type WireFact, takeTurnsOnScopeHistory, setEnv } from '../harness';

// The contradiction review workflow (issue 6): suggestions (evidence > confidence), queue filters,
// conflict detail, reopen, auto-resolve with its budget, divergence across scopes, review history.

type Conflict = {
  conflict_id: string;
  entity: string;
  contradiction_id: string;
  status: string;
  fact_a: { id: string; value: unknown };
  fact_b: { id: string; value: unknown };
  age_days: number | null;
  aged: boolean;
  suggestion: { winning_fact_id: string; basis: string; reason: string } | null;
  do_not_reopen_before: string | null;
};

const S = 'team';
const post = async (fact: WireFact) => {
  const res = await api.post('/v1/facts', { scope: S, ...fact });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
};
const conflictsOf = async (entity: string, query: Record<string, string> = {}) =>
  ((await api.get('/v1/conflicts', { query: { entity, ...query } })).body as { conflicts: Conflict[] }).conflicts;
const enc = encodeURIComponent;

afterEach(() => {
  setEnv({ STIGMEM_ALERT_PENDING: undefined, STIGMEM_ALERT_AGED: undefined, STIGMEM_ALERT_FALSE_ALARMS: undefined });
});

describeHttp('suggestion rules', () => {
  takeTurnsOnScopeHistory();
  it('evidence: only one value re-asserted by a non-system source since the contradiction opened → that value (its newest fact)', async () => {
    const e = uniqueEntity();
    await post(wireFact(e, 'A', { confidence: 0.6 }));
    await post(wireFact(e, 'B', { confidence: 0.9 }));
    const again = await post(wireFact(e, 'A', { confidence: 0.6, source: 'user:alice' }));
    const [c] = await conflictsOf(e);
    expect(c.suggestion).toMatchObject({ winning_fact_id: again.id, basis: 'evidence' });
    expect(c.suggestion!.reason).toMatch(/re-asserted/);
  });

  it('system sources never count as evidence; then the confidence gap decides', async () => {
    const e = uniqueEntity();
    await post(wireFact(e, 'A', { confidence: 0.6 }));
    const b = await post(wireFact(e, 'B', { confidence: 0.9 }));
    await post(wireFact(e, 'A', { confidence: 0.6, source: 'system:importer' }));
    const [c] = await conflictsOf(e);
    expect(c.suggestion).toMatchObject({ winning_fact_id: b.id, basis: 'confidence' });
  });

  it('a re-assertion older than the 48 h window is not evidence', async () => {
    const e = uniqueEntity();
    await post(wireFact(e, 'A', { confidence: 0.7 }));
    await post(wireFact(e, 'B', { confidence: 0.75 }));
    const old = Date.now() - 50 * 3600_000;
    await api.post('/v1/facts/import', { facts: [{ ...wireFact(e, 'A', { scope: S, confidence: 0.7, source: 'user:bob' }), id: `old-${uid()}`, hlc: hlcText(old), timestamp: new Date(old).toISOString() }] });
    expect((await conflictsOf(e))[0].suggestion).toBeNull();
  });

  it('confidence gap ≥ 0.2 suggests the higher side; a smaller gap, equal confidence or evidence on both sides → a person decides', async () => {
    const big = uniqueEntity();
    await post(wireFact(big, 'A', { confidence: 0.9 }));
    const low = await post(wireFact(big, 'B', { confidence: 0.7 }));
    expect((await conflictsOf(big))[0].suggestion).toMatchObject({ basis: 'confidence' });
    expect((await conflictsOf(big))[0].suggestion!.winning_fact_id).not.toBe(low.id);

    const small = uniqueEntity();
    await post(wireFact(small, 'A', { confidence: 0.8 }));
    await post(wireFact(small, 'B', { confidence: 0.65 }));
    expect((await conflictsOf(small))[0].suggestion).toBeNull();

    const both = uniqueEntity();
    await post(wireFact(both, 'A', { confidence: 0.9 }));
    await post(wireFact(both, 'B', { confidence: 0.85 }));
    await post(wireFact(both, 'A', { confidence: 0.9, source: 'user:x' }));
    await post(wireFact(both, 'B', { confidence: 0.85, source: 'user:y' }));
    expect((await conflictsOf(both))[0].suggestion).toBeNull();
  });
});

describeHttp('queue and conflict page', () => {
  it('filters by namespace, aged and has_suggestion; sorts the queue aged first', async () => {
    const e = uniqueEntity();
    const ns = `ns${uid()}`;
    await post(wireFact(e, 'A', { relation: `${ns}:x`, confidence: 0.9 }));
    await post(wireFact(e, 'B', { relation: `${ns}:x`, confidence: 0.5 }));
    await post(wireFact(e, 'C', { relation: `${ns}:y` }));
    await post(wireFact(e, 'D', { relation: `${ns}:y` }));
    const [withSuggestion] = await conflictsOf(e, { namespace: ns, has_suggestion: 'true' });
    expect(withSuggestion.suggestion?.basis).toBe('confidence');
    const [without] = await conflictsOf(e, { namespace: `${ns}:`, has_suggestion: 'false' });
    expect(without.suggestion).toBeNull();
    const db = await getDb();
    await db.conflict.update({ where: { id: without.conflict_id }, data: { detectedAt: new Date(Date.now() - 20 * 86400_000) } });
    const aged = await conflictsOf(e, { aged: 'true' });
    expect(aged.map((c) => c.conflict_id)).toEqual([without.conflict_id]);
    expect(aged[0].age_days).toBeGreaterThan(14);
    expect((await conflictsOf(e, { sort: 'queue' })).map((c) => c.aged)).toEqual([true, false]);
    expect((await conflictsOf(e, { sort: 'age' }))[0].conflict_id).toBe(without.conflict_id);
    expect(await conflictsOf(e, { namespace: 'other' })).toEqual([]);
    // The conflict page: the list's age columns, by the same definition.
    const page = (await api.get(`/v1/conflicts/${encodeURIComponent(without.conflict_id)}`)).body as { age_days: number; aged: boolean };
    expect({ age_days: page.age_days, aged: page.aged }).toEqual({ age_days: aged[0].age_days, aged: true });
    // Detected "in the future" (an instance whose clock ran ahead): age 0, not negative, on the list and the page.
    await db.conflict.update({ where: { id: without.conflict_id }, data: { detectedAt: new Date(Date.now() + 86400_000) } });
    const ahead = (await api.get(`/v1/conflicts/${encodeURIComponent(without.conflict_id)}`)).body as { age_days: number; aged: boolean };
    expect({ age_days: ahead.age_days, aged: ahead.aged }).toEqual({ age_days: 0, aged: false });
    expect((await conflictsOf(e, { sort: 'detection' })).find((c) => c.conflict_id === without.conflict_id)?.age_days).toBe(0);
    expectError(await api.get('/v1/conflicts', { query: { sort: 'random' } }), 422, 'validation_error');
    expectError(await api.get('/v1/conflicts', { query: { aged: 'maybe' } }), 422, 'validation_error');
  });

  it('GET /v1/conflicts/:id: the pair, the triple history by HLC, then the decision record', async () => {
    const e = uniqueEntity();
    const a1 = await post(wireFact(e, 'A', { confidence: 0.5 }));
    await post(wireFact(e, 'B'));
    const [c] = await conflictsOf(e);
    const detail = (await api.get(`/v1/conflicts/${enc(c.conflict_id)}`)).body as Conflict & { history: { id: string; value: { v: string } }[]; resolution: unknown };
    expect(detail.history.map((f) => f.value.v)).toEqual(['A', 'B']);
    expect(detail.history[0].id).toBe(a1.id);
    expect(detail.resolution).toBeNull();
    await api.post(`/v1/conflicts/${enc(c.conflict_id)}/resolve`, { winning_fact_id: a1.id, resolution_note: 'A is right' });
    const decided = (await api.get(`/v1/conflicts/${c.conflict_id}`)).body as { history: unknown[]; resolution: Record<string, string> };
    expect(decided.resolution).toMatchObject({ basis: 'manual', note: 'A is right', by: 'stigmem://local/admin' });
    expect(Date.parse(decided.resolution.cooldown_until)).toBeGreaterThan(Date.now() + 80 * 86400_000);
    expect(decided.history.length).toBeGreaterThan(2);
    expectError(await api.get(`/v1/conflicts/${enc('stigmem:conflict:nope')}`), 404, 'conflict_not_found');
  });
});

describeHttp('reopen', () => {
  it('a dismissed pair does not come back when re-asserted; reopen makes it a contradiction again at once', async () => {
    const e = uniqueEntity();
    await post(wireFact(e, 'summer'));
    await post(wireFact(e, 'winter'));
    const [c] = await conflictsOf(e);
    expectError(await api.post(`/v1/conflicts/${enc(c.conflict_id)}/reopen`), 409, 'conflict_not_decided');
    await api.post(`/v1/conflicts/${enc(c.conflict_id)}/dismiss`, { resolution_note: 'seasonal' });
    await post(wireFact(e, 'summer'));
    expect(await conflictsOf(e, { status: 'unresolved' })).toEqual([]);
    const reopened = (await api.post(`/v1/conflicts/${enc(c.conflict_id)}/reopen`)).body as { new_conflict_id: string; contradiction_id: string };
    const open = await conflictsOf(e, { status: 'unresolved' });
    expect(open.map((x) => x.conflict_id)).toEqual([reopened.new_conflict_id]);
    expect(open[0].contradiction_id).toBe(reopened.contradiction_id);
    // The new conflict anchors on the stronger value: "summer", re-asserted after "winter", has the newer HLC.
    expect([open[0].fact_a?.value, open[0].fact_b?.value]).toEqual([{ type: 'string', v: 'summer' }, { type: 'string', v: 'winter' }]);
    const old = (await conflictsOf(e, { status: 'dismissed' }))[0];
    expect(old.contradiction_id).not.toBe(reopened.contradiction_id);
    expect(Date.parse(old.do_not_reopen_before!)).toBeLessThanOrEqual(Date.now());
    const reader = await createKey(['read'], [S]);
    expectError(await api.post(`/v1/conflicts/${enc(c.conflict_id)}/reopen`, undefined, { key: reader.key }), 403, 'forbidden');
    expectError(await api.post(`/v1/conflicts/${enc('stigmem:conflict:none')}/reopen`), 404, 'conflict_not_found');
  });
});

describeHttp('auto-resolve', () => {
  it('is off by default; the setting needs admin; a dry run writes nothing; a run applies at most the budget', async () => {
    const scope = 'public';
    expectError(await api.post('/v1/conflicts/auto-resolve', { scope }), 409, 'auto_resolve_disabled');
    const writer = await createKey(['write'], [scope]);
    expectError(await api.put(`/v1/scopes/${scope}/settings`, { auto_resolve: true }, { key: writer.key }), 403, 'forbidden');
    for (let i = 0; i < 3; i++) {
      const e = uniqueEntity('auto');
      await post(wireFact(e, 'strong', { scope, confidence: 0.95 }));
      await post(wireFact(e, 'weak', { scope, confidence: 0.4 }));
    }
    const settings = (await api.put(`/v1/scopes/${scope}/settings`, { auto_resolve: true, auto_resolve_budget: 2 })).body;
    expect(settings).toMatchObject({ auto_resolve: true, auto_resolve_budget: 2 });

    const db = await getDb();
    const snapshot = async () => JSON.stringify(await db.$queryRaw`SELECT id, status, resolved_at FROM conflicts ORDER BY id`);
    const before = await snapshot();
    const factCount = async () => Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM facts`)[0].n);
    const factsBefore = await factCount();
    const dry = (await api.post('/v1/conflicts/auto-resolve', { scope, dry_run: true })).body as { would_resolve: { conflict_id: string; basis: string }[] };
    expect(dry.would_resolve).toHaveLength(2);
    expect(await snapshot()).toBe(before);
    expect(await factCount()).toBe(factsBefore);

    const run = (await api.post('/v1/conflicts/auto-resolve', { scope })).body as { resolved: { conflict_id: string; basis: string }[]; budget: number };
    expect(run.budget).toBe(2);
    expect(run.resolved.map((r) => r.conflict_id)).toEqual(dry.would_resolve.map((r) => r.conflict_id));
    for (const r of run.resolved) {
      const detail = (await api.get(`/v1/conflicts/${enc(r.conflict_id)}`)).body as { status: string; resolution_basis: string; resolution_note: string };
      expect(detail).toMatchObject({ status: 'resolved', resolution_basis: r.basis });
      expect(detail.resolution_note).toMatch(/^auto-resolved/);
    }
    await api.put(`/v1/scopes/${scope}/settings`, { auto_resolve: false });
  });
});

describeHttp('divergence', () => {
  it('lists an entity whose relation has different live winners in different scopes; not when they agree', async () => {
    const e = uniqueEntity('div');
    await api.post('/v1/facts', wireFact(e, 'Berlin', { relation: 'memory:city', scope: 'team' }));
    await api.post('/v1/facts', wireFact(e, 'Paris', { relation: 'memory:city', scope: 'company' }));
    await api.post('/v1/facts', wireFact(e, 'same', { relation: 'memory:lang', scope: 'team' }));
    await api.post('/v1/facts', wireFact(e, 'same', { relation: 'memory:lang', scope: 'company' }));
    const list = (await api.get('/v1/divergence', { query: { entity: e } })).body as { divergences: { relation: string; scopes: { scope: string }[] }[] };
    expect(list.divergences.map((d) => d.relation)).toEqual(['memory:city']);
    expect(list.divergences[0].scopes.map((s) => s.scope)).toEqual(['company', 'team']);
    const one = (await api.get('/v1/divergence', { query: { entity: e, relation: 'memory:lang' } })).body as { divergent: boolean; scopes: unknown[] };
    expect(one).toMatchObject({ divergent: false });
    expect(one.scopes).toHaveLength(2);
    const teamOnly = await createKey(['read'], ['team']);
    expect(((await api.get('/v1/divergence', { query: { entity: e }, key: teamOnly.key })).body as { divergences: unknown[] }).divergences).toEqual([]);
    expectError(await api.get('/v1/divergence', { query: { relation: 'memory:city' } }), 400, 'validation_error');
  });

  it('finds a divergence between any two scopes, whichever scope holds the most values (only the others are read)', async () => {
    const e = uniqueEntity('divpairs');
    const scopePairs = [['team', 'company'], ['local', 'public'], ['team', 'public'], ['company', 'local'], ['local', 'team']] as const;
    const facts = scopePairs.flatMap(([a, b], i) => [wireFact(e, `${a}-value`, { relation: `memory:p${i}`, scope: a }), wireFact(e, `${b}-value`, { relation: `memory:p${i}`, scope: b })]);
    // Agreeing across scopes, and contradicting within one: neither diverges.
    facts.push(wireFact(e, 'same', { relation: 'memory:agree', scope: 'team' }), wireFact(e, 'same', { relation: 'memory:agree', scope: 'public' }));
    facts.push(wireFact(e, 'x', { relation: 'memory:inner', scope: 'company' }), wireFact(e, 'y', { relation: 'memory:inner', scope: 'company' }));
    expect((await api.post('/v1/facts', { facts })).status).toBe(201);
    const list = (await api.get('/v1/divergence', { query: { entity: e } })).body as { divergences: { relation: string; scopes: { scope: string }[] }[]; total: number };
    expect(list.divergences.map((d) => [d.relation, d.scopes.map((s) => s.scope)])).toEqual(scopePairs.map(([a, b], i) => [`memory:p${i}`, [a, b].sort()]));
    expect(list.total).toBe(scopePairs.length);
  });
});

describeHttp('review history', () => {
  it("counts today's detections, resolutions by basis, dismissals and pending; lists the open review alerts", async () => {
    const scope = 'local';
    const readHistory = async () => (await api.get('/v1/conflicts/history', { query: { scope, days: 7 } })).body as {
      history: { day: string; detected: number; resolved: number; resolved_by_basis: Record<string, number>; dismissed: number; pending: number; mean_pending_age_days: number | null }[];
      alerts: { rule: { id: string; kind: string } }[];
      alert_counts: { open: number };
    };
    const before = (await readHistory()).history.at(-1)!;
    const make = async () => {
      const e = uniqueEntity('hist');
      const a = await post(wireFact(e, 'A', { scope }));
      await post(wireFact(e, 'B', { scope }));
      return { conflict: (await conflictsOf(e))[0], a };
    };
    const one = await make();
    const two = await make();
    await make();
    await api.post(`/v1/conflicts/${enc(one.conflict.conflict_id)}/resolve`, { winning_fact_id: one.a.id });
    await api.post(`/v1/conflicts/${enc(two.conflict.conflict_id)}/dismiss`, {});
    // The review alerts are the alert rules' (the header's count): a review rule opens one at the next health run.
    const rule = (await api.post('/v1/alerts/rules', { name: `review ${uniqueEntity('r')}`, kind: 'pending_above', scope, threshold: 0 })).body as { id: string };
    expect((await readHistory()).alerts.map((a) => a.rule.id)).not.toContain(rule.id);
    expect((await api.post('/v1/health/runs', { scope })).status).toBe(201);
    const after = await readHistory();
    await api.delete(`/v1/alerts/rules/${rule.id}`);
    const today = after.history.at(-1)!;
    expect(after.history).toHaveLength(7);
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today.detected - before.detected).toBe(3);
    expect(today.resolved_by_basis.manual - before.resolved_by_basis.manual).toBe(1);
    expect(today.dismissed - before.dismissed).toBe(1);
    expect(today.pending - before.pending).toBe(1);
    expect(today.mean_pending_age_days).not.toBeNull();
    expect(after.alerts.find((a) => a.rule.id === rule.id)?.rule.kind).toBe('pending_above');
    expect(after.alerts).toHaveLength(after.alert_counts.open);
    expectError(await api.get('/v1/conflicts/history', { query: { days: 0 } }), 400, 'validation_error');
  });
});

describeHttp('review history, computed in one pass', () => {
  /** The per-day count the one-pass query replaced: every day joined to every conflict detected before its end. */
  const perDayCount = (scopes: string[], days: number, now: Date) => Prisma.sql`
    WITH days AS (
      SELECT d::date AS day, (d::date::timestamp AT TIME ZONE 'UTC') AS day_start,
        least((d::date::timestamp AT TIME ZONE 'UTC') + interval '1 day', ${now}::timestamptz) AS cut
      FROM generate_series((${now}::timestamptz AT TIME ZONE 'UTC')::date - ${days - 1}::int, (${now}::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day') d
    ),
    sc AS (SELECT unnest(${scopes}::text[]) AS scope)
    SELECT sc.scope, days.day,
      count(c.id) FILTER (WHERE c.opened_at >= days.day_start) AS detected,
      count(c.id) FILTER (WHERE c.resolved_at >= days.day_start AND c.resolved_at < days.cut AND c.resolution_basis = 'manual') AS manual,
      count(c.id) FILTER (WHERE c.resolved_at >= days.day_start AND c.resolved_at < days.cut AND c.resolution_basis = 'evidence') AS evidence,
      count(c.id) FILTER (WHERE c.resolved_at >= days.day_start AND c.resolved_at < days.cut AND c.resolution_basis = 'confidence') AS confidence,
      count(c.id) FILTER (WHERE c.resolved_at >= days.day_start AND c.resolved_at < days.cut AND c.resolution_basis = 'retracted') AS retracted,
      count(c.id) FILTER (WHERE c.resolved_at >= days.day_start AND c.resolved_at < days.cut AND c.resolution_basis = 'dismissed') AS dismissed,
      count(c.id) FILTER (WHERE c.resolved_at IS NULL OR c.resolved_at >= days.cut) AS pending,
      avg(extract(epoch FROM (days.cut - c.opened_at)) / 86400) FILTER (WHERE c.resolved_at IS NULL OR c.resolved_at >= days.cut) AS mean_age
    FROM sc CROSS JOIN days LEFT JOIN contradictions c ON c.scope = sc.scope AND c.opened_at < days.cut
    GROUP BY sc.scope, days.day ORDER BY sc.scope, days.day`;

  it('gives the numbers of counting every day, on contradictions opened and decided across and before the range', async () => {
    const db = await getDb();
    const now = new Date();
    const day = 86400_000;
    const bases = ['manual', 'evidence', 'confidence', 'retracted', 'dismissed'];
    const rollback = new Error('rollback');
    await expect(db.$transaction(async (tx) => {
      // Contradictions of this test only, rolled back at the end: no other test ever sees them.
      for (let i = 0; i < 60; i++) {
        // Detected up to 40 days ago at any hour; decided the same moment, hours or days later, or not yet.
        const detected = new Date(now.getTime() - ((i * 17) % 40) * day - ((i * 7) % 24) * 3600_000 - i * 1000);
        const decided = i % 4 === 0 ? null : new Date(Math.min(now.getTime() - 1, detected.getTime() + (i % 5 === 0 ? 0 : ((i * 13) % 12) * day + ((i * 5) % 24) * 3600_000)));
        const scope = ['team', 'local'][i % 2];
        await tx.$executeRaw`
          INSERT INTO contradictions (id, entity, relation, scope, status, opened_at, resolved_at, resolution_basis, decided_value_hashes)
          VALUES (${`stigmem:contradiction:history-${uid()}`}, ${uniqueEntity('hist1pass')}, 'memory:x', ${scope},
            ${decided ? 'resolved' : 'open'}, ${detected}, ${decided}, ${decided ? bases[i % 5] : null}, ARRAY[]::text[])`;
      }
      for (const days of [1, 7, 30]) {
        const scopes = ['local', 'team', 'company'];
        const onePass = await tx.$queryRaw<Record<string, unknown>[]>(historySql(scopes as FactScope[], days, now));
        const counted = await tx.$queryRaw<Record<string, unknown>[]>(perDayCount(scopes, days, now));
        const rounded = (rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, mean_age: r.mean_age === null ? null : Math.round(Number(r.mean_age) * 1e6) / 1e6 }));
        expect(rounded(onePass)).toEqual(rounded(counted));
      }
      throw rollback;
    })).rejects.toBe(rollback);
  });
});
