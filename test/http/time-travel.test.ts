import fc from 'fast-check';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '@/lib/db/prisma';
import { parseAsOf } from '@/lib/time-travel/as-of';
import { atInstant } from '@/lib/time-travel/at-instant';
import { api, conflictsOf, describeHttp, expectBody, expectError, hlcText, uniqueEntity, wireFact } from '../harness';
import { FactBatch, FactList, FactRecord, ResolveResponse } from '@/lib/wire/records';
import { LintResult } from '@/lib/wire/lint';

// Time travel (docs/api.md § Time travel): `as_of` answers from the log as it stood at an instant —
// facts recorded by then, value heads, conflicts and contradictions replayed to then — through the
// same read functions as an answer now. Instants are given as the HLCs the writes returned: the
// node's clock may run ahead of the wall clock (an import from a node ahead, a test moving Date).

const S = 'company';
const AsOfList = FactList.extend({ as_of: z.string(), as_of_hlc: z.string() });
const AsOfLint = LintResult.extend({ as_of: z.string(), as_of_hlc: z.string() });

const write = async (entity: string, v: string, extra = {}) => expectBody(await api.post('/v1/facts', wireFact(entity, v, { scope: S, ...extra })), 201, FactRecord);
const CHECKS = ['contradiction', 'stale'];
const lintNow = async (entity: string) => expectBody(await api.post('/v1/lint', { scope: S, entity, checks: CHECKS }), 200, LintResult);
const lintAt = async (entity: string, asOf: string) => expectBody(await api.post('/v1/lint', { scope: S, entity, checks: CHECKS, as_of: asOf }), 200, AsOfLint);
const factsAt = async (entity: string, asOf: string, extra: Record<string, unknown> = {}) =>
  expectBody(await api.get('/v1/facts', { query: { entity, scope: S, as_of: asOf, ...extra } }), 200, AsOfList);

/** The HLC of the newest fact written so far (the node's clock, which may be ahead of the wall clock). */
async function latestHlc(): Promise<string> {
  const [{ hlc }] = await (await getDb()).$queryRaw<{ hlc: string }[]>`
    SELECT lpad(hlc_wall::text, 13, '0') || '.' || lpad(hlc_counter::text, 3, '0') AS hlc FROM facts ORDER BY hlc_wall DESC, hlc_counter DESC LIMIT 1`;
  return hlc;
}

describeHttp('time travel', () => {
  it('a contradiction opened at t1 and resolved at t2 is in lint, facts and the fact as of an instant between them, and not after', async () => {
    const entity = uniqueEntity('tt');
    const first = await write(entity, 'alice');
    const beforeConflict = first.hlc;
    const second = await write(entity, 'bob');
    // The write's own bookkeeping (the conflict it opened) carries HLCs just after bob's: the instant after the write.
    const t1 = await latestHlc();
    const [conflict] = await conflictsOf(entity, 'unresolved');
    expect(conflict).toBeTruthy();
    expectBody(await api.post(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}/resolve`, { winning_fact_id: second.id }), 200, ResolveResponse);
    const t2 = await latestHlc();

    // Lint: no contradiction before bob, one between, none after the resolution (nor now).
    expect((await lintAt(entity, beforeConflict)).findings).toEqual([]);
    const between = await lintAt(entity, t1);
    expect(between.findings.map((f) => [f.check, f.fact_ids.length])).toEqual([['contradiction', 2]]);
    expect(between).toMatchObject({ as_of_hlc: t1, checked_at: between.as_of });
    expect((await lintAt(entity, t2)).findings).toEqual([]);
    expect((await lintNow(entity)).findings).toEqual([]);

    // Facts: alice alone before bob; both between (contradicted, so only with include_contradicted); after, bob and the resolution's facts.
    expect((await factsAt(entity, beforeConflict)).facts.map((f) => f.id)).toEqual([first.id]);
    expect((await factsAt(entity, t1)).facts).toEqual([]);
    const contradicted = await factsAt(entity, t1, { include_contradicted: true });
    expect(contradicted.facts.map((f) => [f.id, f.contradicted])).toEqual([[second.id, true], [first.id, true]]);
    expect(contradicted.as_of_hlc).toBe(t1);
    const after = await factsAt(entity, t2, { include_contradicted: true });
    expect(after.facts.every((f) => !f.contradicted)).toBe(true);
    expect(after.facts.map((f) => f.id)).toContain(second.id);

    // Synthesis: the triple contradicted between, bob alone after.
    const synthesis = async (asOf: string) =>
      (await api.post('/v1/synthesis', { scope: S, entity, as_of: asOf })).body as { summary: { value: { v: string }; contradicted: boolean }[]; as_of_hlc: string; contradiction_count: number };
    const during = await synthesis(t1);
    expect(during.summary.map((e) => e.contradicted)).toEqual([true]);
    expect(during).toMatchObject({ as_of_hlc: t1, contradiction_count: 1 });
    const later = await synthesis(t2);
    expect(later.summary.map((e) => [e.value.v, e.contradicted])).toEqual([['bob', false]]);
    expect((await synthesis(beforeConflict)).summary.map((e) => [e.value.v, e.contradicted])).toEqual([['alice', false]]);

    // Context and the memory card: what an agent would have read then.
    const context = async (asOf: string) =>
      (await api.post('/v1/context', { scope: S, entity, as_of: asOf })).body as { facts: { id: string; contradicted: boolean }[]; as_of_hlc: string };
    expect((await context(beforeConflict)).facts.map((f) => [f.id, f.contradicted])).toEqual([[first.id, false]]);
    expect((await context(t1)).facts.map((f) => f.contradicted)).toEqual([true]);
    expect((await context(t2)).facts.map((f) => f.contradicted)).toEqual([false]);
    const card = async (asOf: string) =>
      (await api.get(`/v1/cards/${encodeURIComponent(entity)}`, { query: { scope: S, as_of: asOf } })).body as { has_contradictions: boolean; summary: string; as_of_hlc: string };
    expect(await card(beforeConflict)).toMatchObject({ has_contradictions: false, as_of_hlc: beforeConflict });
    expect((await card(beforeConflict)).summary).toContain('alice');
    expect((await card(t1)).has_contradictions).toBe(true);
    expect((await card(t2)).has_contradictions).toBe(false);
    expect((await card(t2)).summary).not.toContain('alice');

    // One fact: unknown before it was written, contradicted between, not after.
    expectError(await api.get(`/v1/facts/${second.id}`, { query: { as_of: beforeConflict } }), 404, 'fact_not_found');
    expect(expectBody(await api.get(`/v1/facts/${second.id}`, { query: { as_of: t1 } }), 200, FactRecord).contradicted).toBe(true);
    expect(expectBody(await api.get(`/v1/facts/${second.id}`, { query: { as_of: t2 } }), 200, FactRecord).contradicted).toBe(false);
  });

  it('judges expiry at the instant: a value that expired since was live then, and stale only after', async () => {
    const entity = uniqueEntity('tt-exp');
    const validUntil = new Date(Date.now() + 60_000);
    const fact = await write(entity, 'for a minute', { valid_until: validUntil.toISOString() });
    const then = fact.hlc;
    // As of its own write it was live: listed, and no stale warning.
    expect((await factsAt(entity, then)).facts.map((f) => f.id)).toEqual([fact.id]);
    expect((await lintAt(entity, then)).findings).toEqual([]);
    // An instant before its write: nothing.
    const [wall] = then.split('.');
    expect((await factsAt(entity, `${String(Number(wall) - 1).padStart(13, '0')}.999`)).facts).toEqual([]);
  });

  it('an import with past HLCs: the conflict it opened is in the log when both values are, not when the import ran', async () => {
    const entity = uniqueEntity('tt-import');
    const day = 86_400_000;
    const t0 = Date.now() - 30 * day;
    const [a, b, c] = [0, 10, 20].map((d) => hlcText(t0 + d * day, 3));
    // Imported in two batches, as a migration from another node would: alice, then bob and carol.
    const imported = (facts: unknown[]) => api.post('/v1/facts/import', { facts });
    expectBody(await imported([wireFact(entity, 'alice', { scope: S, hlc: a, timestamp: new Date(t0).toISOString() })]), 201, FactBatch);
    expectBody(await imported([
      wireFact(entity, 'bob', { scope: S, hlc: b, timestamp: new Date(t0 + 10 * day).toISOString() }),
      wireFact(entity, 'carol', { scope: S, hlc: c, timestamp: new Date(t0 + 20 * day).toISOString() }),
    ]), 201, FactBatch);
    // Now: three live values, one contradiction.
    expect((await lintNow(entity)).findings.map((f) => [f.check, f.fact_ids.length])).toEqual([['contradiction', 3]]);
    // Between alice and bob: one value, no contradiction. Between bob and carol: two, contradicted.
    // After carol: three. (Each conflict's status facts carry the HLC at which the log held both of its values.)
    const at = (days: number) => hlcText(t0 + days * day, 999);
    expect((await lintAt(entity, at(5))).findings).toEqual([]);
    expect((await lintAt(entity, at(15))).findings.map((f) => [f.check, f.fact_ids.length])).toEqual([['contradiction', 2]]);
    expect((await lintAt(entity, at(25))).findings.map((f) => [f.check, f.fact_ids.length])).toEqual([['contradiction', 3]]);
    // The bookkeeping facts are in the past too: none of this entity's conflicts has a status fact from today.
    const conflicts = await conflictsOf(entity, 'unresolved');
    const rows = await (await getDb()).$queryRaw<{ wall: bigint }[]>`
      SELECT hlc_wall AS wall FROM facts WHERE entity = ANY(${conflicts.map((x) => x.conflict_id)}::text[]) AND relation = 'stigmem:conflict:status'`;
    expect(rows.length).toBe(conflicts.length);
    expect(rows.every((r) => Number(r.wall) <= t0 + 20 * day)).toBe(true);

    // One batch that opens a conflict and closes it again (dave joins, then expires by a later fact of
    // the same batch): open between the two facts, closed after, on an entity of its own.
    const other = uniqueEntity('tt-import-2');
    const [d1, d2, d3] = [1, 4, 8].map((d) => t0 + d * day);
    expectBody(await imported([
      wireFact(other, 'erin', { scope: S, hlc: hlcText(d1), timestamp: new Date(d1).toISOString() }),
      wireFact(other, 'dave', { scope: S, hlc: hlcText(d2), timestamp: new Date(d2).toISOString() }),
      wireFact(other, 'dave', { scope: S, hlc: hlcText(d3), timestamp: new Date(d3).toISOString(), valid_until: new Date(d3 + day).toISOString() }),
    ]), 201, FactBatch);
    const lintOther = async (asOf: string) => (await expectBody(await api.post('/v1/lint', { scope: S, entity: other, checks: ['contradiction'], as_of: asOf }), 200, AsOfLint)).findings.length;
    expect([await lintOther(at(2)), await lintOther(at(6)), await lintOther(at(12))]).toEqual([0, 1, 0]);
  });

  it('replays value heads exactly: as of the instant after each write, the heads are the ones stored then (property)', async () => {
    const action = fc.record({
      value: fc.constantFrom('red', 'green', 'blue'),
      kind: fc.constantFrom('assert' as const, 'assert' as const, 'retract' as const, 'expired' as const),
      confidence: fc.constantFrom(0.4, 0.7, 1),
    });
    const headsOf = (db: { $queryRaw: Awaited<ReturnType<typeof getDb>>['$queryRaw'] }, entity: string) =>
      db.$queryRaw<Record<string, unknown>[]>`
        SELECT value_hash, head_fact_id, confidence, triple_retracted, valid_until FROM value_heads WHERE entity = ${entity} AND scope = ${S}`;
    const sorted = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).sort();
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        const entity = uniqueEntity('tt-prop');
        const db = await getDb();
        const stages: { hlc: string; heads: string[] }[] = [];
        for (const a of actions) {
          const extra =
            a.kind === 'retract' ? { confidence: 0 } : a.kind === 'expired' ? { valid_until: '2020-01-01T00:00:00Z', confidence: a.confidence } : { confidence: a.confidence };
          await write(entity, a.value, extra);
          stages.push({ hlc: await latestHlc(), heads: sorted(await headsOf(db, entity)) });
        }
        // Every stage but the last is replayed (a later write touched the triple); the last is today's.
        for (const stage of stages) {
          const replayed = await atInstant(parseAsOf(stage.hlc), { scopes: [S], entity }, (tx) => headsOf(tx, entity));
          expect(sorted(replayed)).toEqual(stage.heads);
        }
        // A lint as of now and a lint now agree.
        const asOf = await lintAt(entity, await latestHlc());
        expect(asOf.findings).toEqual((await lintNow(entity)).findings);
      }),
      { numRuns: 12 },
    );
  });

  it('names the same oldest conflict as a lint now while the node clock runs ahead of the wall', async () => {
    // An import from ahead moves the node's clock: later writes share its wall millisecond (their
    // counters rise), so their facts' timestamps tie while the conflicts' detection times do not.
    const ahead = Date.now() + 120_000;
    expect((await api.post('/v1/facts/import', { facts: [{ ...wireFact(uniqueEntity('tt-ahead'), 'x', { scope: S }), id: `fact-${crypto.randomUUID()}`, hlc: hlcText(ahead) }] })).status).toBe(201);
    for (let i = 0; i < 6; i++) {
      const entity = uniqueEntity('tt-ahead');
      for (const v of ['red', 'blue', 'green']) await write(entity, v);
      expect((await conflictsOf(entity, 'unresolved')).length).toBe(2);
      const now = await lintNow(entity);
      expect((await lintAt(entity, await latestHlc())).findings).toEqual(now.findings);
    }
  });

  it('leaves nothing behind, and refuses an instant it cannot read', async () => {
    const entity = uniqueEntity('tt-clean');
    const fact = await write(entity, 'kept');
    await factsAt(entity, fact.hlc);
    const db = await getDb();
    const [{ n }] = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_catalog.pg_class WHERE relpersistence = 't' AND relname IN ('facts', 'value_heads', 'contradictions', 'conflicts')`;
    expect(Number(n)).toBe(0);
    // The real tables answer as before.
    expect(expectBody(await api.get(`/v1/facts/${fact.id}`), 200, FactRecord).id).toBe(fact.id);

    for (const bad of ['yesterday', '2026-11-20', '2026-11-20T14:00:00', '1.2.3', '-5', '']) {
      expectError(await api.get('/v1/facts', { query: { scope: S, as_of: bad } }), 400, 'invalid_as_of');
      expectError(await api.post('/v1/lint', { scope: S, as_of: bad }), 400, 'invalid_as_of');
      expectError(await api.post('/v1/synthesis', { scope: S, as_of: bad }), 400, 'invalid_as_of');
      expectError(await api.post('/v1/context', { scope: S, as_of: bad }), 400, 'invalid_as_of');
    }
    expectError(await api.get(`/v1/facts/${fact.id}`, { query: { as_of: 'not a time' } }), 400, 'invalid_as_of');
    const future = new Date(Date.now() + 10 * 365 * 86_400_000).toISOString();
    expectError(await api.get('/v1/facts', { query: { scope: S, as_of: future } }), 400, 'as_of_in_future');
    expectError(await api.post('/v1/lint', { scope: S, as_of: 42 }), 400, 'validation_error');
  });
});
