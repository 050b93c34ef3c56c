import fc from 'fast-check';
import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import type { DecayPolicy } from '@/lib/decay/decay-policy';
import { sweepRequestSchema } from '@/lib/decay/sweep-request';
import { applySweep } from '@/lib/decay/sweep-scope';
import { ConflictList, ContradictionList, DismissResponse, FactBatch, FactRecord, ReopenResponse, ResolveResponse } from '@/lib/wire/records';
import { api, describeHttp, expectBody, hlcText, uid, wireFact, type WireFact } from '../harness';
import { checkInvariants, snapshotFacts, snapshotFactsById } from '../harness/invariants';

// Property test through the real HTTP handlers and the real write path, on the real database:
// after any sequence of asserts, retractions (value and triple-wide), resolutions (winner, new
// value, dismissal; by conflict or by contradiction), reopens, imports and decay sweeps, (a) every
// pair of live values in a triple is in an open contradiction of the triple or covered by a decision
// still in its cooldown, a triple holds at most N - 1 unresolved conflicts for N values, all in its
// one open contradiction, value heads agree with the facts, and (b) no fact row is ever updated or
// deleted.

const RELATION = 'memory:p';
const RUNS = 25;
const MAX_STEPS = 30;

const triple = fc.record({ e: fc.integer({ min: 0, max: 1 }), scope: fc.constantFrom('local', 'team') });
const value = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const step = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('assert' as const), t: triple, v: value, confidence: fc.constantFrom(1, 0.5), validity: fc.constantFrom('none', 'none', 'past', 'soon') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retract' as const), t: triple, v: value }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('retractTriple' as const), t: triple }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resolveWinner' as const), pick: fc.nat(), side: fc.constantFrom('a', 'b'), retractLosers: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resolveNew' as const), pick: fc.nat(), v: value, retractLosers: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dismiss' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resolveTriple' as const), pick: fc.nat(), value: fc.nat(), retractLosers: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reopen' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('import' as const), t: triple, v: value, confidence: fc.constantFrom(1, 0), backMinutes: fc.integer({ min: 1, max: 120 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decay' as const), mode: fc.constantFrom('retract' as const, 'confidence' as const), aged: fc.option(fc.record({ t: triple, v: value, backMinutes: fc.integer({ min: 1, max: 120 }) })) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('batch' as const), facts: fc.array(fc.record({ t: triple, v: value, confidence: fc.constantFrom(1, 0) }), { minLength: 2, maxLength: 5 }) }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

interface Run {
  prefix: string;
  start: number;
}

const entityOf = (run: Run, e: number) => `${run.prefix}e${e}`;

function factFor(run: Run, t: { e: number; scope: string }, v: string, extra: Partial<WireFact> = {}): WireFact {
  return wireFact(entityOf(run, t.e), v, { relation: RELATION, scope: t.scope, ...extra });
}

async function pick<T extends { entity: string }>(run: Run, pickIndex: number, list: T[], id: (item: T) => string): Promise<T | null> {
  const mine = list.filter((c) => c.entity.startsWith(run.prefix)).sort((a, b) => id(a).localeCompare(id(b)));
  return mine.length ? mine[pickIndex % mine.length] : null;
}

async function pickConflict(run: Run, pickIndex: number, status: 'unresolved' | 'resolved') {
  const res = await api.get('/v1/conflicts', { query: { status, relation: RELATION, limit: 500 } });
  return pick(run, pickIndex, expectBody(res, 200, ConflictList).conflicts, (c) => c.conflict_id);
}

async function pickContradiction(run: Run, pickIndex: number) {
  const res = await api.get('/v1/conflicts', { query: { status: 'unresolved', relation: RELATION, group: 'triple', limit: 500 } });
  return pick(run, pickIndex, expectBody(res, 200, ContradictionList).contradictions, (c) => c.contradiction_id);
}

/** Back-dated below every fact this run asserted; the step index keeps imported HLCs distinct. */
async function importBackdated(run: Run, t: { e: number; scope: string }, v: string, confidence: number, backMinutes: number, index: number) {
  const wall = run.start - 1000 - backMinutes * 60_000;
  const imported = factFor(run, t, v, { confidence, hlc: hlcText(wall, index), timestamp: new Date(wall).toISOString() });
  expectBody(await api.post('/v1/facts/import', { facts: [imported] }), 201, FactBatch);
}

async function runStep(run: Run, s: Step, index: number): Promise<void> {
  switch (s.kind) {
    case 'assert': {
      const validUntil = s.validity === 'past' ? Date.now() - 1000 : s.validity === 'soon' ? Date.now() + 400 : null;
      const extra = { confidence: s.confidence, valid_until: validUntil === null ? null : new Date(validUntil).toISOString() };
      expectBody(await api.post('/v1/facts', factFor(run, s.t, s.v, extra)), 201, FactRecord);
      return;
    }
    case 'retract':
      expectBody(await api.post('/v1/facts', factFor(run, s.t, s.v, { confidence: 0 })), 201, FactRecord);
      return;
    case 'retractTriple':
      expectBody(await api.post('/v1/facts', factFor(run, s.t, `never-${uid()}`, { confidence: 0 })), 201, FactRecord);
      return;
    case 'batch':
      expectBody(await api.post('/v1/facts', { facts: s.facts.map((f) => factFor(run, f.t, f.v, { confidence: f.confidence })) }), 201, FactBatch);
      return;
    case 'decay': {
      // The set-based sweep (its own SQL, not the write path) on the run's entities, after an optional
      // aged import; imports are back-dated by 1 to 120 minutes, so a 30-second TTL retracts them
      // and a 10-minute half-life reduces them.
      if (s.aged) await importBackdated(run, s.aged.t, s.aged.v, 1, s.aged.backMinutes, index);
      const policy: DecayPolicy = { id: 'prop-decay', relation: RELATION, scope: '*', mode: s.mode, ttl_s: 30, half_life_s: 600, min_confidence: 0.05, exempt_relations: [], source: 'database' };
      for (const e of [0, 1]) {
        for (const scope of ['local', 'team']) await applySweep(sweepRequestSchema.parse({ scope, entity: entityOf(run, e) }), [policy]);
      }
      return;
    }
    case 'import':
      await importBackdated(run, s.t, s.v, s.confidence, s.backMinutes, index);
      return;
    case 'resolveTriple': {
      // One decision for every live value of the triple, named by its contradiction, the winner any of them.
      const contradiction = await pickContradiction(run, s.pick);
      if (!contradiction) return;
      const winner = contradiction.values[s.value % contradiction.values.length].fact!;
      const path = `/v1/conflicts/${encodeURIComponent(contradiction.contradiction_id)}/resolve`;
      expectBody(await api.post(path, { winning_fact_id: winner.id, retract_losers: s.retractLosers }), 200, ResolveResponse);
      return;
    }
    case 'reopen': {
      const decided = await pickConflict(run, s.pick, 'resolved');
      if (!decided) return;
      expectBody(await api.post(`/v1/conflicts/${encodeURIComponent(decided.conflict_id)}/reopen`, {}), 200, ReopenResponse);
      return;
    }
    case 'resolveWinner':
    case 'resolveNew':
    case 'dismiss': {
      const conflict = await pickConflict(run, s.pick, 'unresolved');
      if (!conflict) return;
      const path = `/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}/${s.kind === 'dismiss' ? 'dismiss' : 'resolve'}`;
      if (s.kind === 'dismiss') {
        expectBody(await api.post(path, { resolution_note: 'property test' }), 200, DismissResponse);
      } else {
        const decision =
          s.kind === 'resolveWinner'
            ? { winning_fact_id: s.side === 'a' ? conflict.fact_a!.id : conflict.fact_b!.id }
            : { new_value: { type: 'string', v: s.v } };
        expectBody(await api.post(path, { ...decision, retract_losers: s.retractLosers }), 200, ResolveResponse);
      }
    }
  }
}

describeHttp('write-path properties on the real database', () => {
  it('keeps every live pair in an open contradiction or a running decision, conflicts linear, heads true to the facts, and fact rows untouched', async () => {
    const everyRowBefore = await snapshotFacts(null);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: MAX_STEPS, size: 'max' }), async (steps) => {
        const run: Run = { prefix: `stigmem://prop/${uid()}/`, start: Date.now() };
        for (const [index, s] of steps.entries()) {
          const before = await snapshotFacts(run.prefix);
          await runStep(run, s, index);
          const after = await snapshotFacts(run.prefix);
          for (const [id, row] of before) expect(after.get(id), `fact ${id} changed or vanished at step ${index} (${s.kind})`).toBe(row);
          expect(after.size).toBeGreaterThanOrEqual(before.size);
          const violations = await checkInvariants(run.prefix);
          expect(violations, `after step ${index} (${JSON.stringify(s)})`).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
    const everyRowAfter = await snapshotFactsById([...everyRowBefore.keys()]);
    expect(everyRowAfter).toEqual(everyRowBefore);
  }, 240_000);

  it('refuses UPDATE and DELETE on fact rows at the database', async () => {
    const fact = expectBody(await api.post('/v1/facts', wireFact(`stigmem://prop/${uid()}`, 'fixed')), 201, FactRecord);
    const db = await getDb();
    await expect(db.$executeRaw`UPDATE facts SET confidence = 0.5 WHERE id = ${fact.id}`).rejects.toThrow(/immutable/);
    await expect(db.$executeRaw`DELETE FROM facts WHERE id = ${fact.id}`).rejects.toThrow(/immutable/);
    expect(expectBody(await api.get(`/v1/facts/${fact.id}`), 200, FactRecord)).toEqual(fact);
  });
});
