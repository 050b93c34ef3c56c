import { describe, expect, it } from 'vitest';
import { hashOf, prepared, type FactSpec } from '@/test/fixtures/prepared-facts';
import { applyFacts } from './apply-facts';
import { type ApplyResult, emptyTripleState, isLive, type TripleState, tripleKey } from './triple-state';
import { DECAY_SOURCE } from './system-sources';

// applyFacts is the semantics of every write (docs/semantics.md): value heads by HLC, the two kinds of
// retraction, and each triple's contradiction — values joining it (at most N - 1 conflicts for N
// values), leaving it when retracted, decisions' cooldowns (contradiction-rules.ts).

const NOW = new Date('2026-06-01T12:00:00Z');
const DEFAULT_TRIPLE = tripleKey({ entity: 'stigmem://unit/e', relation: 'memory:status', scope: 'local' });

/** One triple store fed write by write, as write-facts.ts does under its lock. */
function world() {
  const states = new Map<string, TripleState>();
  let ids = 0;
  const options = (now: Date) => ({ now, newConflictId: () => `stigmem:conflict:${++ids}`, newContradictionId: () => `stigmem:contradiction:${++ids}` });
  const state = () => states.get(DEFAULT_TRIPLE)!;
  return {
    states,
    state,
    write(specs: FactSpec[], now = NOW): ApplyResult {
      return applyFacts(specs.map(prepared), states, options(now));
    },
    writeFacts(facts: ReturnType<typeof prepared>[], now = NOW): ApplyResult {
      return applyFacts(facts, states, options(now));
    },
    /** A decision whose cooldown runs until `until`, over these values. */
    decide(values: string[], until: Date) {
      if (!states.has(DEFAULT_TRIPLE)) states.set(DEFAULT_TRIPLE, emptyTripleState());
      state().decisions.push({ values: new Set(values.map(hashOf)), until });
    },
    /** The open contradiction's anchor and the values owning its unresolved conflicts. */
    contradiction() {
      const c = state().contradiction;
      return c?.status === 'open' ? { anchor: valueOf(c.anchor!), open: c.openConflicts, owners: state().unresolved.map((u) => valueOf(u.valueBHash)).sort() } : null;
    },
    live(now = NOW): string[] {
      return [...state().heads.values()].filter((h) => isLive(h, now)).map((h) => ('v' in h.value ? String(h.value.v) : 'null')).sort();
    },
    openPairs(): string[] {
      return state()
        .unresolved.map((c) => [c.valueAHash, c.valueBHash].map((h) => valueOf(h)).sort().join('+'))
        .sort();
    },
    unresolvedCount(): number {
      return state().unresolved.length;
    },
  };
}

const names = ['red', 'blue', 'green', 'purple', 'orange', 'never', ...Array.from({ length: 100 }, (_, i) => `v${i}`)];
const valueOf = (hash: string) => names.find((n) => hashOf(n) === hash) ?? hash;

describe('applyFacts: value heads', () => {
  it('keeps the fact with the highest HLC as the head of each value, whatever the arrival order', () => {
    const w = world();
    const newer = prepared({ value: 'red', hlc: 20, confidence: 0.9 });
    const older = prepared({ value: 'red', hlc: 10, confidence: 0.3 });
    w.writeFacts([newer]);
    w.writeFacts([older]);
    const head = w.state().heads.get(hashOf('red'))!;
    expect(head.headFactId).toBe(newer.id);
    expect(head.confidence).toBe(0.9);
    expect(head.firstAsserted).toEqual({ wall: 10, counter: 0 });
  });

  it('breaks an HLC tie (possible only by import) by fact id, whatever the arrival order or batching', () => {
    const low = { id: 'tie-a', value: 'red', hlc: 15, confidence: 0.4 };
    const high = { id: 'tie-b', value: 'red', hlc: 15, confidence: 0.8 };
    for (const arrival of [[[low, high]], [[high, low]], [[low], [high]], [[high], [low]]]) {
      const w = world();
      for (const batch of arrival) w.write(batch);
      const head = w.state().heads.get(hashOf('red'))!;
      expect([head.headFactId, head.confidence, head.baseFactId]).toEqual(['tie-b', 0.8, 'tie-b']);
    }
  });

  it('orders a batch by HLC, so a back-dated assertion does not undo a newer retraction', () => {
    const w = world();
    w.write([
      { value: 'red', hlc: 30, confidence: 0 },
      { value: 'red', hlc: 10 },
    ]);
    expect(w.live()).toEqual([]);
    expect(w.state().heads.get(hashOf('red'))!.headHlc).toEqual({ wall: 30, counter: 0 });
  });

  it('compares HLC counters when walls are equal', () => {
    const w = world();
    w.write([{ value: 'red', hlc: { wall: 5, counter: 2 }, confidence: 0 }]);
    w.write([{ value: 'red', hlc: { wall: 5, counter: 1 } }]);
    expect(w.live()).toEqual([]);
  });

  it('moves the base (latest non-decay assertion) only for non-decay sources', () => {
    const w = world();
    const asserted = prepared({ value: 'red', hlc: 1 });
    w.writeFacts([asserted]);
    const decayed = prepared({ value: 'red', hlc: 2, confidence: 0.5, source: DECAY_SOURCE });
    const result = w.writeFacts([decayed]);
    const head = w.state().heads.get(hashOf('red'))!;
    expect([head.headFactId, head.baseFactId, head.confidence]).toEqual([decayed.id, asserted.id, 0.5]);
    expect(result.dirtyHeads).toEqual([head]);
  });
});

describe('applyFacts: retractions', () => {
  it('retracts only its own value when that value was asserted before it', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }]);
    const retraction = prepared({ value: 'red', hlc: 3, confidence: 0 });
    w.writeFacts([retraction]);
    expect(retraction.retractsTriple).toBe(false);
    expect(w.live()).toEqual(['blue']);
  });

  it('retracts every earlier value of the triple when its value was never asserted, but not later ones', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 5 }]);
    const wide = prepared({ value: 'never', hlc: 3, confidence: 0 });
    w.writeFacts([wide]);
    expect(wide.retractsTriple).toBe(true);
    expect(w.live()).toEqual(['blue']);
    expect(w.state().heads.get(hashOf('red'))!.tripleRetracted).toBe(true);
    // A back-dated assertion older than the retraction stays retracted; a newer one is live.
    w.write([{ value: 'green', hlc: 2 }]);
    expect(w.live()).toEqual(['blue']);
    w.write([{ value: 'purple', hlc: 4 }]);
    expect(w.live()).toEqual(['blue', 'purple']);
  });

  it('treats a retraction as triple-wide when its value was first asserted only after it', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 10 }, { value: 'blue', hlc: 1 }]);
    const early = prepared({ value: 'red', hlc: 5, confidence: 0 });
    w.writeFacts([early]);
    expect(early.retractsTriple).toBe(true);
    expect(w.live()).toEqual(['red']);
  });

  it('makes a value live again when it is re-asserted after its retraction', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }]);
    w.write([{ value: 'red', hlc: 2, confidence: 0 }]);
    expect(w.live()).toEqual([]);
    w.write([{ value: 'red', hlc: 3, confidence: 0.7 }]);
    expect(w.live()).toEqual(['red']);
    w.write([{ value: 'never', hlc: 4, confidence: 0 }]);
    w.write([{ value: 'red', hlc: 6 }]);
    expect(w.live()).toEqual(['red']);
    expect(w.state().heads.get(hashOf('red'))!.tripleRetracted).toBe(false);
  });
});

describe('applyFacts: contradictions', () => {
  it('opens one contradiction when a second value becomes live: one conflict, the first value its anchor', () => {
    const w = world();
    const red = prepared({ value: 'red', hlc: 1 });
    const blue = prepared({ value: 'blue', hlc: 2 });
    const result = w.writeFacts([red, blue]);
    expect(result.opened).toHaveLength(1);
    expect(result.opened[0]).toMatchObject({ factAId: red.id, factBId: blue.id, valueAHash: hashOf('red'), valueBHash: hashOf('blue'), status: 'unresolved', detectedAt: NOW });
    expect(result.contradictions).toHaveLength(1);
    expect(result.contradictions[0]).toMatchObject({ status: 'open', anchor: hashOf('red'), openConflicts: 1, created: true });
    expect(result.opened[0].contradictionId).toBe(result.contradictions[0].id);
    expect(w.contradiction()).toEqual({ anchor: 'red', open: 1, owners: ['blue'] });
  });

  it('records nothing again for values already in the contradiction, however often they are re-asserted', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }]);
    expect(w.write([{ value: 'red', hlc: 3 }]).opened).toEqual([]);
    expect(w.write([{ value: 'blue', hlc: 4 }, { value: 'red', hlc: 5 }]).opened).toEqual([]);
    expect(w.openPairs()).toEqual(['blue+red']);
  });

  it('records each further value once, against the anchor: N values, N - 1 conflicts', () => {
    const w = world();
    const values = Array.from({ length: 40 }, (_, i) => `v${i}`);
    w.write(values.slice(0, 20).map((value, i) => ({ value, hlc: i + 1 })));
    for (const [i, value] of values.slice(20).entries()) expect(w.write([{ value, hlc: 100 + i }]).opened).toHaveLength(1);
    expect(w.unresolvedCount()).toBe(39);
    expect(w.contradiction()).toMatchObject({ anchor: 'v0', open: 39 });
    expect(new Set(w.state().unresolved.map((c) => c.valueAHash))).toEqual(new Set([hashOf('v0')]));
  });

  it('opens nothing for values that are retracted, expired, or in the stigmem: namespace', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1, validUntil: new Date(NOW.getTime() - 1) }, { value: 'blue', hlc: 2, confidence: 0 }, { value: 'green', hlc: 3 }]);
    expect(w.openPairs()).toEqual([]);
    const system = w.write([{ value: 'a', hlc: 4, relation: 'stigmem:conflict:status' }, { value: 'b', hlc: 5, relation: 'stigmem:conflict:status' }]);
    expect(system.opened).toEqual([]);
    expect(system.contradictions).toEqual([]);
  });

  it('keeps the values of a decision from contradicting each other while its cooldown runs (anti-loop)', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }]);
    w.decide(['red', 'blue'], new Date(NOW.getTime() + 1));
    expect(w.write([{ value: 'blue', hlc: 2 }]).opened).toEqual([]);
    w.state().decisions[0].until = new Date(NOW.getTime());
    expect(w.write([{ value: 'blue', hlc: 3 }]).opened).toHaveLength(1);
  });

  it('lets a decision cover every value it decided, and no other', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }]);
    w.decide(['red', 'blue', 'green'], new Date(NOW.getTime() + 86_400_000));
    w.write([{ value: 'blue', hlc: 2 }, { value: 'green', hlc: 3 }, { value: 'red', hlc: 4 }]);
    expect(w.openPairs()).toEqual([]);
    // A new value contradicts them: it joins against the strongest, which anchors the new contradiction.
    w.write([{ value: 'purple', hlc: 5 }]);
    expect(w.openPairs()).toEqual(['purple+red']);
    expect(w.contradiction()).toEqual({ anchor: 'red', open: 1, owners: ['purple'] });
  });

  it('joins against another live value when the anchor and the joiner were decided together', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }]);
    w.decide(['red', 'green'], new Date(NOW.getTime() + 86_400_000));
    w.write([{ value: 'green', hlc: 3 }]);
    expect(w.openPairs()).toEqual(['blue+green', 'blue+red']);
  });
});

describe('applyFacts: values leaving a contradiction', () => {
  it('closes the conflict a value owns when a write retracts it, and the contradiction with its last conflict', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }]);
    const retraction = prepared({ value: 'blue', hlc: 3, confidence: 0, source: 'stigmem://unit/lead' });
    const result = w.writeFacts([retraction]);
    expect(result.closed).toHaveLength(1);
    expect(result.closed[0]).toMatchObject({ status: 'resolved', resolutionBasis: 'retracted', resolvedBy: 'stigmem://unit/lead', resolutionFactId: retraction.id, resolvedAt: NOW });
    expect(result.contradictions[0]).toMatchObject({ status: 'resolved', resolutionBasis: 'retracted', resolvedBy: 'stigmem://unit/lead', anchor: null, openConflicts: 0 });
    expect(w.openPairs()).toEqual([]);
  });

  it('hands a retracted anchor over to the strongest remaining value, closing the conflict that value owned', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }, { value: 'green', hlc: 3, confidence: 0.9 }]);
    const result = w.write([{ value: 'red', hlc: 4, confidence: 0 }]);
    // blue (1.0) is stronger than green (0.9): it anchors now; green still owns its conflict.
    expect(result.closed.map((c) => valueOf(c.valueBHash))).toEqual(['blue']);
    expect(w.contradiction()).toEqual({ anchor: 'blue', open: 1, owners: ['green'] });
    expect(w.write([{ value: 'green', hlc: 5, confidence: 0 }]).contradictions[0]).toMatchObject({ status: 'resolved', resolutionBasis: 'retracted' });
  });

  it('closes every conflict and the contradiction on a triple-wide retraction', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }, { value: 'green', hlc: 3 }]);
    const result = w.write([{ value: 'never', hlc: 4, confidence: 0 }]);
    expect(result.closed).toHaveLength(2);
    expect(result.contradictions[0].status).toBe('resolved');
    expect(w.live()).toEqual([]);
  });

  it('closes when a write leaves a value expired', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }]);
    expect(w.write([{ value: 'blue', hlc: 3, validUntil: new Date(NOW.getTime() - 1000) }]).closed).toHaveLength(1);
  });

  it('closes nothing for a value that merely expired, even when another value is written', () => {
    const w = world();
    const soon = new Date(NOW.getTime() + 1000);
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2, validUntil: soon }]);
    const later = new Date(NOW.getTime() + 5000);
    expect(w.live(later)).toEqual(['red']);
    expect(w.write([{ value: 'red', hlc: 3 }, { value: 'green', hlc: 4, relation: 'memory:other' }], later).closed).toEqual([]);
    expect(w.openPairs()).toEqual(['blue+red']);
    // A write that touches the expired value does close it.
    expect(w.write([{ value: 'blue', hlc: 5, confidence: 0 }], later).closed).toHaveLength(1);
  });

  it('keeps a contradiction open on values that never joined it but may contradict each other', () => {
    const w = world();
    // red and blue were decided together; green joins against red, the stronger of the two.
    w.decide(['red', 'blue'], new Date(NOW.getTime() + 86_400_000));
    w.write([{ value: 'red', hlc: 1, confidence: 0.9 }, { value: 'blue', hlc: 2, confidence: 0.8 }]);
    w.write([{ value: 'green', hlc: 3, confidence: 0.95 }]);
    expect(w.contradiction()).toEqual({ anchor: 'red', open: 1, owners: ['green'] });
    // red leaves: green, the strongest, takes the anchor and its conflict closes; blue never joined,
    // but blue and green may contradict each other, so the contradiction stays open on them.
    w.write([{ value: 'red', hlc: 4, confidence: 0 }]);
    expect(w.openPairs()).toEqual(['blue+green']);
    expect(w.contradiction()).toEqual({ anchor: 'green', open: 1, owners: ['blue'] });
  });

  it('closes a contradiction whose remaining values were decided together', () => {
    const w = world();
    w.decide(['red', 'blue'], new Date(NOW.getTime() + 86_400_000));
    w.write([{ value: 'red', hlc: 1, confidence: 0.9 }, { value: 'blue', hlc: 2, confidence: 0.8 }]);
    w.write([{ value: 'green', hlc: 3, confidence: 0.95 }]);
    const result = w.write([{ value: 'green', hlc: 4, confidence: 0 }]);
    expect(result.contradictions[0]).toMatchObject({ status: 'resolved', resolutionBasis: 'retracted' });
    expect(w.live()).toEqual(['blue', 'red']);
  });

  it('closes and opens within one batch in HLC order', () => {
    const w = world();
    const result = w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }, { value: 'blue', hlc: 3, confidence: 0 }, { value: 'blue', hlc: 4 }]);
    expect(result.opened).toHaveLength(2);
    expect(result.closed).toHaveLength(1);
    expect(w.openPairs()).toEqual(['blue+red']);
    expect(result.contradictions).toHaveLength(1);
  });

  it('refuses to decide on a triple it holds only part of, where the rules must see the whole', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }]);
    w.state().complete = false;
    expect(() => w.write([{ value: 'blue', hlc: 2 }])).toThrow(/needed the whole triple/);
  });
});
