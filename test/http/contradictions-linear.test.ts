import { expect, inject, it, vi } from 'vitest';
import pg from 'pg';
import { getDb } from '@/lib/db/prisma';
import { ContradictionList, DismissResponse, FactBatch, FactRecord, ReopenResponse, ResolveResponse } from '@/lib/wire/records';
import { LintResult } from '@/lib/wire/lint';
import { api, conflictsOf, contradictionsOf, describeHttp, dispatch, expectBody, expectError, liveValues, setEnv, TEST_ADMIN_KEY, uniqueEntity, wireFact } from '../harness';
import { toErrorResponse } from '@/lib/http/api-route';
import { lockKeys } from '@/lib/facts/write-locks';
import { logger } from '@/lib/observability/logger';

// Contradictions stay linear (docs/semantics.md § Contradictions): a triple with N live values holds
// at most N - 1 unresolved conflicts and O(N) bookkeeping facts, one contradiction is the unit a
// person decides, and no write can stall the node.

const resolvePath = (id: string) => `/v1/conflicts/${encodeURIComponent(id)}/resolve`;
const dismissPath = (id: string) => `/v1/conflicts/${encodeURIComponent(id)}/dismiss`;

async function writeValues(entity: string, values: string[], batch = 50, extra = {}) {
  for (let i = 0; i < values.length; i += batch) {
    expectBody(await api.post('/v1/facts', { facts: values.slice(i, i + batch).map((v) => wireFact(entity, v, extra)) }), 201, FactBatch);
  }
}

/** Fact rows of the triple's conflicts' bookkeeping entities, and unresolved conflicts of the triple, read from the database. */
async function bookkeeping(entity: string) {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ facts: bigint; unresolved: bigint; conflicts: bigint }[]>`
    SELECT (SELECT count(*) FROM facts f WHERE f.entity IN (SELECT c.id FROM conflicts c WHERE c.entity = ${entity})) AS facts,
      (SELECT count(*) FROM conflicts c WHERE c.entity = ${entity} AND c.status = 'unresolved') AS unresolved,
      (SELECT count(*) FROM conflicts c WHERE c.entity = ${entity}) AS conflicts`;
  return { facts: Number(row.facts), unresolved: Number(row.unresolved), conflicts: Number(row.conflicts) };
}

describeHttp('contradictions stay linear', () => {
  it('300 distinct values in batches of 50: every batch 201, 299 conflicts, two bookkeeping facts per value, one resolve clears the triple', async () => {
    const entity = uniqueEntity('many');
    const values = Array.from({ length: 300 }, (_, i) => `v${String(i).padStart(3, '0')}`);
    await writeValues(entity, values);
    expect(await bookkeeping(entity)).toEqual({ facts: 2 * 299, unresolved: 299, conflicts: 299 });

    const [contradiction] = await contradictionsOf(entity, 'unresolved');
    expect(contradiction).toMatchObject({ value_count: 300, open_conflicts: 299, contradicted: true });
    expect(contradiction.values).toHaveLength(50);
    const lint = expectBody(await api.post('/v1/lint', { scope: 'local', entity, checks: ['contradiction'] }), 200, LintResult);
    expect(lint.findings).toHaveLength(1);
    expect(lint.findings[0].fact_ids).toHaveLength(300);
    expect(lint.findings[0].detail).toMatch(/^300 live values for \(entity, relation, scope\): .* and 298 more; conflict stigmem:conflict:\S+ is unresolved \(resolving it decides all 300\)\.$/);

    const winner = contradiction.values[7].fact!;
    const body = expectBody(await api.post(resolvePath(lint.findings[0].conflict_id!), { winning_fact_id: winner.id }), 200, ResolveResponse.passthrough());
    expect(body).toMatchObject({ contradiction_id: contradiction.contradiction_id, conflicts_closed: 299, values_retracted: 299 });
    expect(await liveValues(entity)).toEqual([(winner.value as { v: string }).v]);
    expect((await bookkeeping(entity)).unresolved).toBe(0);
    expect(expectBody(await api.post('/v1/lint', { scope: 'local', entity, checks: ['contradiction'] }), 200, LintResult).findings).toEqual([]);
    const [decided] = await contradictionsOf(entity, 'resolved');
    expect(decided).toMatchObject({ status: 'resolved', resolution_basis: 'manual', contradicted: false });
  });

  it('groups by triple: one row per contradicted triple with every value side by side, and a total', async () => {
    const entity = uniqueEntity('grouped');
    await writeValues(entity, ['red', 'blue', 'green']);
    await writeValues(entity, ['a', 'b'], 50, { relation: 'memory:other' });
    const res = await api.get('/v1/conflicts', { query: { entity, group: 'triple', status: 'unresolved' } });
    const page = expectBody(res, 200, ContradictionList);
    expect(page.total).toBe(2);
    expect(page.contradictions.map((c) => [c.relation, c.value_count, c.open_conflicts]).sort()).toEqual([
      ['memory:other', 2, 1],
      ['memory:status', 3, 2],
    ]);
    const status = page.contradictions.find((c) => c.relation === 'memory:status')!;
    expect(status.values.map((v) => (v.fact!.value as { v: string }).v).sort()).toEqual(['blue', 'green', 'red']);
    expect((await conflictsOf(entity, 'unresolved')).every((c) => c.contradiction_id === status.contradiction_id || c.relation === 'memory:other')).toBe(true);
    expectError(await api.get('/v1/conflicts', { query: { group: 'pairs' } }), 422, 'validation_error');
  });

  it('resolves for any live value of the triple, not only a side of the conflict named; refuses a fact of another triple', async () => {
    const entity = uniqueEntity('any-winner');
    await writeValues(entity, ['red', 'blue', 'green']);
    const [contradiction] = await contradictionsOf(entity, 'unresolved');
    const [first] = await conflictsOf(entity, 'unresolved');
    const other = expectBody(await api.post('/v1/facts', wireFact(uniqueEntity('elsewhere'), 'red')), 201, FactRecord);
    expectError(await api.post(resolvePath(first.conflict_id), { winning_fact_id: other.id }), 422, 'winner_not_in_conflict');
    const notSide = contradiction.values.map((v) => v.fact!).find((f) => f.id !== first.fact_a!.id && f.id !== first.fact_b!.id)!;
    expectBody(await api.post(resolvePath(first.conflict_id), { winning_fact_id: notSide.id, resolution_note: 'the third one' }), 200, ResolveResponse);
    expect(await liveValues(entity)).toEqual([(notSide.value as { v: string }).v]);
    expect(await conflictsOf(entity, 'unresolved')).toEqual([]);
    expect((await conflictsOf(entity, 'resolved')).every((c) => c.resolution_note === 'the third one' && c.resolution_basis === 'manual')).toBe(true);
    expectError(await api.post(resolvePath(contradiction.contradiction_id), { winning_fact_id: notSide.id }), 409, 'conflict_already_resolved');
  });

  it('dismisses the whole triple: no two of its values contradict again during the cooldown, a new value does', async () => {
    const entity = uniqueEntity('dismiss-triple');
    await writeValues(entity, ['red', 'blue', 'green']);
    const [contradiction] = await contradictionsOf(entity, 'unresolved');
    expectBody(await api.post(dismissPath(contradiction.contradiction_id), { resolution_note: 'a set, not a contradiction' }), 200, DismissResponse);
    expect(await conflictsOf(entity, 'unresolved')).toEqual([]);
    await writeValues(entity, ['green', 'red']);
    await writeValues(entity, ['blue'], 50, { confidence: 0 });
    await writeValues(entity, ['blue']);
    expect(await contradictionsOf(entity, 'unresolved')).toEqual([]);
    await writeValues(entity, ['purple']);
    const [again] = await contradictionsOf(entity, 'unresolved');
    expect(again).toMatchObject({ value_count: 4, open_conflicts: 1 });
    expect(again.contradiction_id).not.toBe(contradiction.contradiction_id);
  });

  it('reopens a decision at once: every live value joins the new contradiction', async () => {
    const entity = uniqueEntity('reopen-triple');
    await writeValues(entity, ['red', 'blue', 'green']);
    const [contradiction] = await contradictionsOf(entity, 'unresolved');
    expectBody(await api.post(dismissPath(contradiction.contradiction_id), {}), 200, DismissResponse);
    const reopened = expectBody(await api.post(`/v1/conflicts/${encodeURIComponent(contradiction.contradiction_id)}/reopen`, {}), 200, ReopenResponse);
    expect(reopened.contradiction_id).not.toBeNull();
    expect(reopened.contradiction_id).not.toBe(contradiction.contradiction_id);
    const [open] = await contradictionsOf(entity, 'unresolved');
    expect(open).toMatchObject({ contradiction_id: reopened.contradiction_id, value_count: 3, open_conflicts: 2 });
    expectError(await api.post(`/v1/conflicts/${encodeURIComponent(open.contradiction_id)}/reopen`, {}), 409, 'conflict_not_decided');
  });

  it('closes the contradiction when a retraction leaves one live value, whichever value it retracts', async () => {
    for (const retracted of ['red', 'blue']) {
      const entity = uniqueEntity('close');
      await writeValues(entity, ['red', 'blue']);
      await writeValues(entity, [retracted], 50, { confidence: 0 });
      const [closed] = await contradictionsOf(entity);
      expect(closed).toMatchObject({ status: 'resolved', resolution_basis: 'retracted', contradicted: false });
      expect(await conflictsOf(entity, 'unresolved')).toEqual([]);
    }
  });

  it('refuses a decision larger than STIGMEM_MAX_DECISION_VALUES with 422, writing nothing', async () => {
    const entity = uniqueEntity('too-large');
    await writeValues(entity, ['a', 'b', 'c', 'd']);
    const [contradiction] = await contradictionsOf(entity, 'unresolved');
    setEnv({ STIGMEM_MAX_DECISION_VALUES: '3' });
    try {
      expectError(await api.post(dismissPath(contradiction.contradiction_id), {}), 422, 'decision_too_large');
      expect((await contradictionsOf(entity, 'unresolved'))[0]).toMatchObject({ contradiction_id: contradiction.contradiction_id, open_conflicts: 3 });
    } finally {
      setEnv({ STIGMEM_MAX_DECISION_VALUES: undefined });
    }
  });

  it.skipIf(inject('stigmemTestDatabase').kind !== 'postgres')('answers 503 with Retry-After when the write lock stays busy past STIGMEM_WRITE_LOCK_WAIT_MS, and writes nothing', async () => {
    const database = inject('stigmemTestDatabase');
    const holder = new pg.Client({ connectionString: database.kind === 'postgres' ? database.url : '' });
    await holder.connect();
    setEnv({ STIGMEM_WRITE_LOCK_WAIT_MS: '300' });
    const entity = uniqueEntity('lock-busy');
    try {
      await holder.query('BEGIN');
      // The lock a write of this entity takes (lib/facts/write-locks.ts), held by another session.
      await holder.query('SELECT pg_advisory_xact_lock($1, $2)', lockKeys.entity({ scope: 'local', entity }));
      vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
      // dispatch, not api: the harness client fails any 5xx on the spot.
      const res = await dispatch('POST', '/v1/facts', { headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(wireFact(entity, 'red')) });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toMatchObject({ error: 'write_lock_busy', detail: expect.stringContaining('try again') });
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
      setEnv({ STIGMEM_WRITE_LOCK_WAIT_MS: undefined });
      vi.restoreAllMocks();
    }
    expect(await liveValues(entity)).toEqual([]);
    expectBody(await api.post('/v1/facts', wireFact(entity, 'red')), 201, FactRecord);
  });

  it('answers a transaction that outran its time with 503 transaction_timeout and Retry-After, logged once as a warning', async () => {
    const db = await getDb();
    const timedOut = await db
      .$transaction(async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.$queryRaw`SELECT 1`;
      }, { timeout: 100 })
      .catch((error: unknown) => error);
    const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    warn.mockClear();
    const res = toErrorResponse(timedOut);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({ error: 'transaction_timeout' });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
