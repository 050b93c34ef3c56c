import { expect, it } from 'vitest';
import { DismissResponse, FactBatch, FactList, ResolveResponse, UndoResponse } from '@/lib/wire/records';
import { api, contradictionsOf, createKey, describeHttp, expectBody, expectError, uniqueEntity, wireFact } from '../harness';
import { AuditPage } from '@/lib/wire/audit';

// POST /v1/conflicts/:id/undo (docs/decisions.md § Review workflow): a decision taken back leaves the
// triple as it was before it — the same live values with the same confidence and expiry — opens the
// contradiction again at once (the cooldown lifted) and is audited like the decision.

const path = (id: string, verb: 'resolve' | 'dismiss' | 'undo') => `/v1/conflicts/${encodeURIComponent(id)}/${verb}`;
const DAY = 86_400_000;

/** The triple's live values as `value → [confidence, valid_until]`, read back from the contradiction or the facts. */
async function liveState(entity: string) {
  const facts = expectBody(await api.get('/v1/facts', { query: { entity, relation: 'memory:status', include_contradicted: true, limit: 500 } }), 200, FactList).facts;
  const heads = new Map<string, (typeof facts)[number]>();
  for (const fact of facts) {
    const key = JSON.stringify(fact.value);
    if (!heads.has(key)) heads.set(key, fact); // newest first: the first one is the value's head
  }
  return Object.fromEntries(
    [...heads.values()].filter((f) => f.confidence > 0).map((f) => [(f.value as { v: string }).v, [f.confidence, f.valid_until ? Date.parse(f.valid_until) : null]]),
  );
}

async function threeValues() {
  const entity = uniqueEntity('undo');
  const until = new Date(Date.now() + 30 * DAY).toISOString();
  const facts = expectBody(
    await api.post('/v1/facts', {
      facts: [wireFact(entity, 'red', { confidence: 0.9 }), wireFact(entity, 'blue', { confidence: 0.6 }), wireFact(entity, 'green', { confidence: 0.5, valid_until: until })],
    }),
    201,
    FactBatch,
  ).facts;
  const [open] = await contradictionsOf(entity, 'unresolved');
  expect(open.value_count).toBe(3);
  return { entity, facts, open, before: await liveState(entity) };
}

describeHttp('POST /v1/conflicts/:id/undo', () => {
  it('undoes a resolution that retracted the losers: same live values, confidences and expiry, open again, cooldown lifted, audited', async () => {
    const { entity, facts, open, before } = await threeValues();
    const lead = await createKey(['write'], ['local'], 'undo-lead');
    expectBody(await api.post(path(open.contradiction_id, 'resolve'), { winning_fact_id: facts[1].id, resolution_note: 'blue' }, { key: lead.key }), 200, ResolveResponse);
    expect(Object.keys(await liveState(entity))).toEqual(['blue']);

    const undone = expectBody(await api.post(path(open.contradiction_id, 'undo'), {}, { key: lead.key }), 200, UndoResponse);
    expect(undone).toMatchObject({ contradiction_id: open.contradiction_id, values_restored: 3 });
    expect(await liveState(entity)).toEqual(before);

    // Open again with every value, under a new contradiction; the undone decision keeps its record.
    const [reopened] = await contradictionsOf(entity, 'unresolved');
    expect(reopened.contradiction_id).toBe(undone.reopened_contradiction_id);
    expect(reopened.conflict_id).toBe(undone.conflict_id);
    expect(reopened).toMatchObject({ contradicted: true, value_count: 3 });
    expect(reopened.values.map((v) => [(v.fact!.value as { v: string }).v, v.confidence])).toEqual([['red', 0.9], ['blue', 0.6], ['green', 0.5]]);
    const decided = (await contradictionsOf(entity, 'all')).find((c) => c.contradiction_id === open.contradiction_id)!;
    expect(decided).toMatchObject({ status: 'resolved', resolution_basis: 'manual', resolved_by: lead.entityUri, undone_by: lead.entityUri, undone_at: undone.undone_at });
    expect(Date.parse(decided.do_not_reopen_before!)).toBeLessThanOrEqual(Date.parse(undone.undone_at));

    // The restored values are new facts by the person who undid, not the original sources.
    const restored = expectBody(await api.get('/v1/facts', { query: { entity, relation: 'memory:status', include_contradicted: true, limit: 3 } }), 200, FactList).facts;
    expect(restored.every((f) => f.source === lead.entityUri)).toBe(true);

    // Audited like the decision: who, what, which scope.
    const audit = expectBody(await api.get('/v1/audit', { query: { actor: lead.entityUri, limit: 50 } }), 200, AuditPage).entries;
    expect(audit.map((e) => [e.action, e.outcome, e.target_id])).toEqual([
      ['conflict.undo', 'success', open.contradiction_id],
      ['conflict.resolve', 'success', open.contradiction_id],
    ]);
    expect(audit[0].scopes).toEqual(['local']);

    // Taken back once: a second undo is refused, and the reopened contradiction can be decided again.
    expectError(await api.post(path(open.contradiction_id, 'undo'), {}), 409, 'decision_already_undone');
    expectBody(await api.post(path(reopened.contradiction_id, 'dismiss'), {}), 200, DismissResponse);
  });

  it('undoes a dismissal: nothing to write, the values contradict again at once', async () => {
    const { entity, open, before } = await threeValues();
    expectBody(await api.post(path(open.contradiction_id, 'dismiss'), {}), 200, DismissResponse);
    expect(await contradictionsOf(entity, 'unresolved')).toEqual([]);
    const undone = expectBody(await api.post(path(open.contradiction_id, 'undo'), {}), 200, UndoResponse);
    expect(undone.values_restored).toBe(0);
    expect(await liveState(entity)).toEqual(before);
    const [reopened] = await contradictionsOf(entity, 'unresolved');
    expect(reopened).toMatchObject({ contradiction_id: undone.reopened_contradiction_id, value_count: 3 });
  });

  it('undoes a resolution with a new value: the new value is retracted, the old ones are back', async () => {
    const { entity, open, before } = await threeValues();
    expectBody(await api.post(path(open.conflict_id!, 'resolve'), { new_value: { type: 'string', v: 'purple' } }), 200, ResolveResponse);
    expect(Object.keys(await liveState(entity))).toEqual(['purple']);
    // Named by a conflict id of the decided contradiction, as the decision was.
    const undone = expectBody(await api.post(path(open.conflict_id!, 'undo'), {}), 200, UndoResponse);
    expect(undone.values_restored).toBe(4);
    expect(await liveState(entity)).toEqual(before);
  });

  it('refuses what it cannot undo: open, unknown, written since, closed by a retraction, no write access', async () => {
    const { entity, facts, open } = await threeValues();
    expectError(await api.post(path(open.contradiction_id, 'undo'), {}), 409, 'conflict_not_decided');
    expectError(await api.post(path('stigmem:contradiction:00000000-0000-4000-8000-000000000000', 'undo'), {}), 404, 'conflict_not_found');

    const reader = await createKey(['read'], ['local'], 'undo-reader');
    const elsewhere = await createKey(['write'], ['team'], 'undo-elsewhere');
    expectBody(await api.post(path(open.contradiction_id, 'resolve'), { winning_fact_id: facts[0].id }), 200, ResolveResponse);
    expectError(await api.post(path(open.contradiction_id, 'undo'), {}, { key: reader.key }), 403, 'forbidden');
    expectError(await api.post(path(open.contradiction_id, 'undo'), {}, { key: elsewhere.key }), 403, 'forbidden');

    // Someone wrote the triple after the decision: putting the old values back would overwrite it.
    await api.post('/v1/facts', { facts: [wireFact(entity, 'red', { confidence: 0.95 })] });
    expectError(await api.post(path(open.contradiction_id, 'undo'), {}), 409, 'triple_changed');
    expect(Object.keys(await liveState(entity))).toEqual(['red']);

    // Closed because a value left: nobody decided, nothing to undo.
    const other = uniqueEntity('undo-retracted');
    await api.post('/v1/facts', { facts: [wireFact(other, 'a'), wireFact(other, 'b')] });
    const [pair] = await contradictionsOf(other, 'unresolved');
    await api.post('/v1/facts', { facts: [wireFact(other, 'b', { confidence: 0 })] });
    expectError(await api.post(path(pair.contradiction_id, 'undo'), {}), 409, 'decision_not_undoable');
  });
});
