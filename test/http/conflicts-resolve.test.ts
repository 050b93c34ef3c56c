import { expect, it } from 'vitest';
import { FactList, FactRecord, ResolveResponse } from '@/lib/wire/records';
import { api, conflictById, conflictsOf, createKey, describeHttp, expectBody, expectError, liveValues, openConflict, TEST_ADMIN_ENTITY, uniqueEntity, wireFact } from '../harness';

// POST /v1/conflicts/:id/resolve (§5.10, docs/semantics.md).

const DAY = 86_400_000;
const resolvePath = (id: string) => `/v1/conflicts/${encodeURIComponent(id)}/resolve`;

async function factsOf(entity: string, relation: string) {
  return expectBody(await api.get('/v1/facts', { query: { entity, relation, include_contradicted: true, limit: 500 } }), 200, FactList).facts;
}

describeHttp('POST /v1/conflicts/:id/resolve', () => {
  it('resolves for a winner: resolution fact, stigmem:resolves, status fact, loser retracted', async () => {
    const { entity, red, blue, conflict } = await openConflict();
    const lead = await createKey(['write'], ['local'], 'lead');
    const before = Date.now();
    const res = await api.post(resolvePath(conflict.conflict_id), { winning_fact_id: red.id, resolution_note: 'red is current' }, { key: lead.key });
    const body = expectBody(res, 200, ResolveResponse);
    expect(body.conflict_status).toBe('resolved');

    const resolution = expectBody(await api.get(`/v1/facts/${body.resolution_fact_id}`), 200, FactRecord);
    expect(resolution).toMatchObject({ entity, relation: red.relation, scope: 'local', value: red.value, confidence: 1, source: lead.entityUri, contradicted: false });
    const resolves = await factsOf(entity, 'stigmem:resolves');
    expect(resolves.map((f) => [f.value, f.source, f.confidence])).toEqual([[{ type: 'ref', v: conflict.conflict_id }, lead.entityUri, 1]]);
    const status = await factsOf(conflict.conflict_id, 'stigmem:conflict:status');
    expect(status[0].value).toEqual({ type: 'string', v: 'resolved' });
    expect(status.map((f) => f.value)).toContainEqual({ type: 'string', v: 'unresolved' });

    const history = await factsOf(entity, red.relation);
    const retraction = history.find((f) => f.value.type === 'string' && f.value.v === 'blue' && f.confidence === 0);
    expect(retraction?.source).toBe(lead.entityUri);
    expect(history.find((f) => f.id === blue.id)).toBeDefined();
    expect(await liveValues(entity)).toEqual(['red']);

    const decided = await conflictById(entity, conflict.conflict_id);
    expect(decided).toMatchObject({ status: 'resolved', resolution_basis: 'manual', resolved_by: lead.entityUri, resolution_note: 'red is current', resolution_fact_id: body.resolution_fact_id });
    const cooldown = Date.parse(decided.do_not_reopen_before!) - before;
    expect(cooldown).toBeGreaterThanOrEqual(90 * DAY - 1000);
    expect(cooldown).toBeLessThan(90 * DAY + 60_000);
    expect(await conflictsOf(entity, 'unresolved')).toEqual([]);
  });

  it('resolves with a new value: both old values retracted, the new one live', async () => {
    const { entity, conflict } = await openConflict();
    const res = await api.post(resolvePath(conflict.conflict_id), { new_value: { type: 'string', v: 'purple' } });
    const { resolution_fact_id } = expectBody(res, 200, ResolveResponse);
    const resolution = expectBody(await api.get(`/v1/facts/${resolution_fact_id}`), 200, FactRecord);
    expect(resolution).toMatchObject({ value: { type: 'string', v: 'purple' }, confidence: 1, source: TEST_ADMIN_ENTITY });
    expect(await liveValues(entity)).toEqual(['purple']);
    expect(await conflictsOf(entity, 'unresolved')).toEqual([]);
  });

  it('keeps the losers live with retract_losers:false, and the cooldown keeps the pair from reopening', async () => {
    const { entity, blue, conflict } = await openConflict();
    expectBody(await api.post(resolvePath(conflict.conflict_id), { winning_fact_id: blue.id, retract_losers: false }), 200, ResolveResponse);
    expect(await liveValues(entity)).toEqual(['blue', 'red']);
    await api.post('/v1/facts', { facts: [wireFact(entity, 'red'), wireFact(entity, 'blue')] });
    expect(await conflictsOf(entity, 'unresolved')).toEqual([]);
    expect(await conflictsOf(entity)).toHaveLength(1);
  });

  it('takes the conflict id raw (colons) or percent-encoded in the path', async () => {
    const first = await openConflict();
    const raw = await api.post(`/v1/conflicts/${first.conflict.conflict_id}/resolve`, { winning_fact_id: first.red.id });
    expectBody(raw, 200, ResolveResponse);
    const second = await openConflict();
    const encoded = await api.post(`/v1/conflicts/${second.conflict.conflict_id.replaceAll(':', '%3A')}/resolve`, { winning_fact_id: second.blue.id });
    expectBody(encoded, 200, ResolveResponse);
    expect(await liveValues(first.entity)).toEqual(['red']);
    expect(await liveValues(second.entity)).toEqual(['blue']);
  });

  it('answers 409 once the conflict is decided, naming who decided it', async () => {
    const { red, blue, conflict } = await openConflict();
    expectBody(await api.post(resolvePath(conflict.conflict_id), { winning_fact_id: red.id }), 200, ResolveResponse);
    const again = expectError(await api.post(resolvePath(conflict.conflict_id), { winning_fact_id: blue.id }), 409, 'conflict_already_resolved');
    expect(again.detail).toContain(TEST_ADMIN_ENTITY);
    expectError(await api.post(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}/dismiss`, {}), 409, 'conflict_already_resolved');
  });

  it('lets exactly one of several concurrent decisions win', async () => {
    const { entity, red, blue, conflict } = await openConflict();
    const attempts = await Promise.all([
      ...[red, blue, red].map((side) => api.post(resolvePath(conflict.conflict_id), { winning_fact_id: side.id })),
      api.post(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}/dismiss`, {}),
    ]);
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const lost of attempts.filter((a) => a.status === 409)) expectError(lost, 409, 'conflict_already_resolved');
    expect(await conflictsOf(entity)).toHaveLength(1);
    expect((await liveValues(entity)).length).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 for an unknown conflict', async () => {
    expectError(await api.post(resolvePath('stigmem:conflict:00000000-0000-4000-8000-000000000000'), { winning_fact_id: 'x' }), 404, 'conflict_not_found');
    expectError(await api.post(resolvePath('no-such-conflict'), { new_value: { type: 'null' } }), 404, 'conflict_not_found');
  });

  type Case = [name: string, status: number, code: string, body: (c: Awaited<ReturnType<typeof openConflict>>, otherFactId: string) => unknown];
  const cases: Case[] = [
    ['a winner that is not one side', 422, 'winner_not_in_conflict', (_c, other) => ({ winning_fact_id: other })],
    ['neither winner nor new value', 422, 'validation_error', () => ({ resolution_note: 'no decision' })],
    ['an empty body', 422, 'validation_error', () => ({})],
    ['null for both', 422, 'validation_error', () => ({ winning_fact_id: null, new_value: null })],
    ['a new value of an unknown type', 422, 'validation_error', () => ({ new_value: { type: 'color', v: 'red' } })],
    ['a new value over 64 KB', 413, 'value_too_large', () => ({ new_value: { type: 'text', v: 'x'.repeat(64 * 1024 + 1) } })],
    ['a new value with a NUL character', 422, 'validation_error', () => ({ new_value: { type: 'string', v: 'a\u0000' } })],
    ['retract_losers that is not a boolean', 422, 'validation_error', (c) => ({ winning_fact_id: c.red.id, retract_losers: 'no' })],
  ];

  it.each(cases)('rejects %s with %i %s and leaves the conflict unresolved', async (_name, status, code, body) => {
    const opened = await openConflict();
    const other = expectBody(await api.post('/v1/facts', wireFact(uniqueEntity('other'), 'x')), 201, FactRecord);
    expectError(await api.post(resolvePath(opened.conflict.conflict_id), body(opened, other.id)), status, code);
    expect((await conflictById(opened.entity, opened.conflict.conflict_id)).status).toBe('unresolved');
    expect(await liveValues(opened.entity)).toEqual(['blue', 'red']);
  });

  it('rejects malformed JSON with 400 invalid_json', async () => {
    const { conflict } = await openConflict();
    expectError(await api.post(resolvePath(conflict.conflict_id), undefined, { rawBody: '{"winning_fact_id":' }), 400, 'invalid_json');
  });

  it('needs write access to the scope of the conflict', async () => {
    const { entity, red, conflict } = await openConflict({ scope: 'team' });
    const localWriter = await createKey(['write'], ['local']);
    const teamReader = await createKey(['read'], ['team']);
    expectError(await api.post(resolvePath(conflict.conflict_id), { winning_fact_id: red.id }, { key: localWriter.key }), 403, 'forbidden');
    expectError(await api.post(resolvePath(conflict.conflict_id), { winning_fact_id: red.id }, { key: teamReader.key }), 403, 'forbidden');
    expectError(await api.post(resolvePath(conflict.conflict_id), { winning_fact_id: red.id }, { key: null }), 401, 'unauthorized');
    expect((await conflictById(entity, conflict.conflict_id)).status).toBe('unresolved');
    const teamWriter = await createKey(['write'], ['team']);
    expectBody(await api.post(resolvePath(conflict.conflict_id), { winning_fact_id: red.id }, { key: teamWriter.key }), 200, ResolveResponse);
    expect(await liveValues(entity, 'memory:status', 'team')).toEqual(['red']);
  });
});
