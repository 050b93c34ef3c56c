import { expect, it } from 'vitest';
import { DismissResponse, FactBatch, FactList, FactRecord } from '@/lib/wire/records';
import { advanceClock, api, conflictById, conflictsOf, contradictionsOf, createKey, describeHttp, expectBody, expectError, liveValues, openConflict, str, TEST_SOURCE, uniqueEntity, wireFact, setEnv, withClockHeld } from '../harness';

// How conflicts open and close: recording at write time (dedupe per pair), dismissal with its
// cooldown, closing by retraction, and expiry that closes nothing.

const dismissPath = (id: string) => `/v1/conflicts/${encodeURIComponent(id)}/dismiss`;

async function assertValues(entity: string, values: string[], extra: Record<string, unknown> = {}) {
  return expectBody(await api.post('/v1/facts', { facts: values.map((v) => wireFact(entity, v, extra)) }), 201, FactBatch).facts;
}

async function allFacts(entity: string) {
  return expectBody(await api.get('/v1/facts', { query: { entity, include_contradicted: true, include_expired: true, limit: 500 } }), 200, FactList).facts;
}

describeHttp('conflicts recorded at write time', () => {
  it('records one conflict per value pair, however often the values are re-asserted', async () => {
    const entity = uniqueEntity('dedupe');
    await assertValues(entity, ['red', 'blue', 'red', 'blue']);
    await assertValues(entity, ['blue']);
    const conflicts = await conflictsOf(entity);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0].status).toBe('unresolved');
    expect(conflicts[0].fact_a?.value).toEqual({ type: 'string', v: 'red' });
    expect(conflicts[0].fact_b?.value).toEqual({ type: 'string', v: 'blue' });
  });

  it('records each further value once, against the first: three live values, two conflicts, one contradiction', async () => {
    const entity = uniqueEntity('three');
    await assertValues(entity, ['red', 'blue', 'green']);
    const conflicts = await conflictsOf(entity);
    const pairs = conflicts.map((c) => [c.fact_a!.value, c.fact_b!.value].map((v) => ('v' in v ? String(v.v) : '')).sort().join('+')).sort();
    expect(pairs).toEqual(['blue+red', 'green+red']);
    expect(new Set(conflicts.map((c) => c.contradiction_id)).size).toBe(1);
    for (const c of conflicts) {
      const system = await allFacts(c.conflict_id);
      const byRelation = Object.fromEntries(system.map((f) => [f.relation, f.value]));
      expect(byRelation['stigmem:conflict:between']).toEqual({ type: 'string', v: `${c.fact_a!.id} ${c.fact_b!.id}` });
      expect(byRelation['stigmem:conflict:status']).toEqual({ type: 'string', v: 'unresolved' });
      expect(system.every((f) => f.source === 'system:stigmem' && f.scope === c.scope)).toBe(true);
    }
    const [contradiction] = await contradictionsOf(entity);
    expect(contradiction).toMatchObject({ status: 'unresolved', contradicted: true, value_count: 3, open_conflicts: 2, conflict_id: conflicts.at(-1)!.conflict_id });
    expect(contradiction.values.map((v) => (v.fact && 'v' in v.fact.value ? v.fact.value.v : null)).sort()).toEqual(['blue', 'green', 'red']);
  });

  it('does not treat an expired or retracted value as a contradiction', async () => {
    const entity = uniqueEntity('not-live');
    await assertValues(entity, ['old'], { valid_until: new Date(Date.now() - 1000).toISOString() });
    await assertValues(entity, ['gone'], { confidence: 0 });
    await assertValues(entity, ['new']);
    expect(await conflictsOf(entity)).toEqual([]);
    await assertValues(entity, ['other'], { relation: 'memory:other' });
    expect(await conflictsOf(entity)).toEqual([]);
  });
});

describeHttp('POST /v1/conflicts/:id/dismiss', () => {
  it('dismisses: basis dismissed, only the status fact written, both values stay live', async () => {
    const { entity, conflict } = await openConflict();
    const lead = await createKey(['write'], ['local'], 'lead');
    const factsBefore = await allFacts(entity);
    const res = await api.post(dismissPath(conflict.conflict_id), { resolution_note: 'price changed on purpose' }, { key: lead.key });
    expect(expectBody(res, 200, DismissResponse)).toEqual({
      conflict_id: conflict.conflict_id,
      conflict_status: 'resolved',
      resolution_basis: 'dismissed',
      contradiction_id: conflict.contradiction_id,
      conflicts_closed: 1,
    });
    expect(await allFacts(entity)).toEqual(factsBefore.map((f) => ({ ...f, contradicted: false })));
    const status = await allFacts(conflict.conflict_id).then((facts) => facts.filter((f) => f.relation === 'stigmem:conflict:status'));
    expect(status.map((f) => f.value)).toEqual([{ type: 'string', v: 'dismissed' }, { type: 'string', v: 'unresolved' }]);
    expect(await liveValues(entity)).toEqual(['blue', 'red']);
    const decided = await conflictById(entity, conflict.conflict_id);
    expect(decided).toMatchObject({ status: 'resolved', resolution_basis: 'dismissed', resolved_by: lead.entityUri, resolution_note: 'price changed on purpose', resolution_fact_id: null });
    expect(Date.parse(decided.do_not_reopen_before!)).toBeGreaterThan(Date.now() + 89 * 86_400_000);
  });

  it('keeps the values it covered from contradicting again during the cooldown, while a new value opens a new contradiction', async () => {
    const { entity, conflict } = await openConflict();
    expectBody(await api.post(dismissPath(conflict.conflict_id), {}), 200, DismissResponse);
    await assertValues(entity, ['red', 'blue']);
    await assertValues(entity, ['red'], { confidence: 0 });
    await assertValues(entity, ['red']);
    expect(await conflictsOf(entity, 'unresolved')).toEqual([]);
    await assertValues(entity, ['green']);
    expect(await conflictsOf(entity, 'unresolved')).toHaveLength(1);
    const [contradiction] = await contradictionsOf(entity, 'unresolved');
    expect(contradiction.value_count).toBe(3);
    expect(contradiction.contradiction_id).not.toBe(conflict.contradiction_id);
  });

  it('lets a pair reopen once its cooldown has passed', async () => {
    const previous = process.env.STIGMEM_CONFLICT_COOLDOWN_DAYS;
    setEnv({ STIGMEM_CONFLICT_COOLDOWN_DAYS: '0' });
    try {
      const { entity, conflict } = await openConflict();
      expectBody(await api.post(dismissPath(conflict.conflict_id), {}), 200, DismissResponse);
      advanceClock(5);
      await assertValues(entity, ['red']);
      const open = await conflictsOf(entity, 'unresolved');
      expect(open).toHaveLength(1);
      expect(open[0].conflict_id).not.toBe(conflict.conflict_id);
    } finally {
      setEnv({ STIGMEM_CONFLICT_COOLDOWN_DAYS: previous });
    }
  });

  it('answers 404 unknown, 409 decided, 403 without write access to the scope, 401 without a key', async () => {
    expectError(await api.post(dismissPath('stigmem:conflict:00000000-0000-4000-8000-000000000000'), {}), 404, 'conflict_not_found');
    const { conflict } = await openConflict({ scope: 'company' });
    const reader = await createKey(['read'], ['company']);
    const otherScope = await createKey(['write'], ['local', 'team']);
    expectError(await api.post(dismissPath(conflict.conflict_id), {}, { key: reader.key }), 403, 'forbidden');
    expectError(await api.post(dismissPath(conflict.conflict_id), {}, { key: otherScope.key }), 403, 'forbidden');
    expectError(await api.post(dismissPath(conflict.conflict_id), {}, { key: null }), 401, 'unauthorized');
    expectError(await api.post(dismissPath(conflict.conflict_id), { resolution_note: 42 }), 422, 'validation_error');
    expectError(await api.post(dismissPath(conflict.conflict_id), { resolution_note: 'nul \u0000' }), 422, 'validation_error');
    expectBody(await api.post(`/v1/conflicts/${conflict.conflict_id}/dismiss`, {}), 200, DismissResponse);
    expectError(await api.post(dismissPath(conflict.conflict_id), {}), 409, 'conflict_already_resolved');
  });
});

describeHttp('conflicts closed by retraction', () => {
  it('closes with basis retracted when one side is retracted', async () => {
    const { entity, conflict } = await openConflict();
    const [retraction] = await assertValues(entity, ['blue'], { confidence: 0 });
    const closed = await conflictById(entity, conflict.conflict_id);
    expect(closed).toMatchObject({ status: 'resolved', resolution_basis: 'retracted', resolved_by: TEST_SOURCE, resolution_fact_id: retraction.id, do_not_reopen_before: null });
    expect(await liveValues(entity)).toEqual(['red']);
    const status = await allFacts(conflict.conflict_id);
    expect(status[0]).toMatchObject({ relation: 'stigmem:conflict:status', value: { type: 'string', v: 'resolved' } });
    // Without a cooldown, asserting the retracted value again is a new contradiction.
    await assertValues(entity, ['blue']);
    expect(await conflictsOf(entity, 'unresolved')).toHaveLength(1);
  });

  it('closes when the whole triple is retracted (a value never asserted)', async () => {
    const { entity, conflict } = await openConflict();
    await assertValues(entity, ['anything-else'], { confidence: 0 });
    expect(await liveValues(entity)).toEqual([]);
    expect((await conflictById(entity, conflict.conflict_id)).resolution_basis).toBe('retracted');
  });

  it("a batch that writes a conflict's own status and closes it gets the bookkeeping fact after its own", async () => {
    const { entity, conflict } = await openConflict();
    const [, retraction] = expectBody(
      await api.post('/v1/facts', {
        facts: [wireFact(conflict.conflict_id, 'resolved', { scope: 'local', relation: 'stigmem:conflict:status' }), wireFact(entity, 'blue', { scope: 'local', confidence: 0 })],
      }),
      201,
      FactBatch,
    ).facts;
    expect(await conflictById(entity, conflict.conflict_id)).toMatchObject({ status: 'resolved', resolution_basis: 'retracted', resolution_fact_id: retraction.id });
    // Newest first: the system's "resolved" supersedes the batch's own on the same value.
    const status = (await allFacts(conflict.conflict_id)).filter((f) => f.relation === 'stigmem:conflict:status');
    expect(status.map((f) => [f.source, f.value])).toEqual([
      ['system:stigmem', str('resolved')],
      [TEST_SOURCE, str('resolved')],
      ['system:stigmem', str('unresolved')],
    ]);
  });

  it('closes when a write leaves one side expired', async () => {
    const { entity, conflict } = await openConflict();
    await assertValues(entity, ['red'], { valid_until: new Date(Date.now() - 60_000).toISOString() });
    expect(await liveValues(entity)).toEqual(['blue']);
    expect((await conflictById(entity, conflict.conflict_id)).resolution_basis).toBe('retracted');
  });

  it('does not close a conflict whose side merely expired', async () => {
    const entity = uniqueEntity('expiry');
    const validUntil = Date.now() + 1500;
    // Red is live when blue is written, however slow the machine: the node's clock stands still meanwhile.
    const conflict = await withClockHeld(async () => {
      await assertValues(entity, ['red'], { valid_until: new Date(validUntil).toISOString() });
      await assertValues(entity, ['blue']);
      const [opened] = await conflictsOf(entity, 'unresolved');
      expect(opened).toBeDefined();
      return opened;
    });
    advanceClock(validUntil - Date.now() + 50);
    expect(await liveValues(entity)).toEqual(['blue']);
    await assertValues(entity, ['blue']);
    await assertValues(entity, ['other'], { relation: 'memory:other' });
    expect((await conflictById(entity, conflict.conflict_id)).status).toBe('unresolved');
    // Red live again: still the same (unresolved) conflict, no duplicate.
    await assertValues(entity, ['red']);
    expect((await conflictsOf(entity)).map((c) => c.conflict_id)).toEqual([conflict.conflict_id]);
    const red = expectBody(await api.get(`/v1/facts/${conflict.fact_a!.id}`), 200, FactRecord);
    expect(red.value).toEqual({ type: 'string', v: 'red' });
  });
});
