import { describe, expect, it } from 'vitest';
import { hashOf, prepared, type FactSpec } from '@/test/fixtures/prepared-facts';
import { applyFacts, type ApplyResult, isLive, pairKey, type TripleState, tripleKey } from './apply-facts';
import { DECAY_SOURCE } from './system-sources';

// applyFacts is the semantics of every write (docs/semantics.md): value heads by HLC, the two kinds of
// retraction, conflicts recorded per value pair with a cooldown, and conflicts closed by retraction.

const NOW = new Date('2026-06-01T12:00:00Z');
const DEFAULT_TRIPLE = tripleKey({ entity: 'stigmem://unit/e', relation: 'memory:status', scope: 'local' });

/** One triple store fed write by write, as write-facts.ts does under its lock. */
function world() {
  const states = new Map<string, TripleState>();
  let conflictIds = 0;
  const state = () => states.get(DEFAULT_TRIPLE)!;
  return {
    states,
    state,
    write(specs: FactSpec[], now = NOW): ApplyResult {
      return applyFacts(specs.map(prepared), states, { now, newConflictId: () => `stigmem:conflict:${++conflictIds}` });
    },
    writeFacts(facts: ReturnType<typeof prepared>[], now = NOW): ApplyResult {
      return applyFacts(facts, states, { now, newConflictId: () => `stigmem:conflict:${++conflictIds}` });
    },
    live(now = NOW): string[] {
      return [...state().heads.values()].filter((h) => isLive(h, now)).map((h) => ('v' in h.value ? String(h.value.v) : 'null')).sort();
    },
    openPairs(): string[] {
      return state()
        .unresolved.map((c) => [c.valueAHash, c.valueBHash].map((h) => valueOf(h)).sort().join('+'))
        .sort();
    },
  };
}

const names = ['red', 'blue', 'green', 'purple', 'orange', 'never'];
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

describe('applyFacts: conflicts', () => {
  it('records a conflict when a second value becomes live, naming both heads', () => {
    const w = world();
    const red = prepared({ value: 'red', hlc: 1 });
    const blue = prepared({ value: 'blue', hlc: 2 });
    const result = w.writeFacts([red, blue]);
    expect(result.opened).toHaveLength(1);
    expect(result.opened[0]).toMatchObject({ factAId: red.id, factBId: blue.id, pairKey: pairKey(hashOf('red'), hashOf('blue')), status: 'unresolved', detectedAt: NOW });
  });

  it('records no duplicate while the pair has an unresolved conflict', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }]);
    expect(w.write([{ value: 'red', hlc: 3 }]).opened).toEqual([]);
    expect(w.write([{ value: 'blue', hlc: 4 }, { value: 'red', hlc: 5 }]).opened).toEqual([]);
    expect(w.openPairs()).toEqual(['blue+red']);
  });

  it('records a conflict for each pair of three live values', () => {
    const w = world();
    const result = w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }, { value: 'green', hlc: 3 }]);
    expect(result.opened).toHaveLength(3);
    expect(w.openPairs()).toEqual(['blue+green', 'blue+red', 'green+red']);
  });

  it('opens no conflict for values that are retracted, expired, or in the stigmem: namespace', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1, validUntil: new Date(NOW.getTime() - 1) }, { value: 'blue', hlc: 2, confidence: 0 }, { value: 'green', hlc: 3 }]);
    expect(w.openPairs()).toEqual([]);
    const system = w.write([{ value: 'a', hlc: 4, relation: 'stigmem:conflict:status' }, { value: 'b', hlc: 5, relation: 'stigmem:conflict:status' }]);
    expect(system.opened).toEqual([]);
  });

  it('does not reopen a pair while its cooldown runs, and does once it has passed (anti-loop)', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }]);
    const pair = pairKey(hashOf('red'), hashOf('blue'));
    w.state().cooldowns.set(pair, new Date(NOW.getTime() + 1));
    expect(w.write([{ value: 'blue', hlc: 2 }]).opened).toEqual([]);
    w.state().cooldowns.set(pair, new Date(NOW.getTime()));
    expect(w.write([{ value: 'blue', hlc: 3 }]).opened).toHaveLength(1);
  });

  it('applies a cooldown to its own pair only', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }]);
    w.state().unresolved = [];
    w.state().cooldowns.set(pairKey(hashOf('red'), hashOf('blue')), new Date(NOW.getTime() + 86_400_000));
    w.write([{ value: 'red', hlc: 3 }, { value: 'blue', hlc: 4 }]);
    expect(w.openPairs()).toEqual([]);
    w.write([{ value: 'green', hlc: 5 }]);
    expect(w.openPairs()).toEqual(['blue+green', 'green+red']);
  });
});

describe('applyFacts: closing conflicts', () => {
  it('closes a conflict as retracted when a write retracts one side', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }]);
    const retraction = prepared({ value: 'blue', hlc: 3, confidence: 0, source: 'stigmem://unit/lead' });
    const result = w.writeFacts([retraction]);
    expect(result.closed).toHaveLength(1);
    expect(result.closed[0]).toMatchObject({ status: 'resolved', resolutionBasis: 'retracted', resolvedBy: 'stigmem://unit/lead', resolutionFactId: retraction.id, resolvedAt: NOW });
    expect(w.openPairs()).toEqual([]);
  });

  it('closes every conflict of the triple on a triple-wide retraction', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }, { value: 'green', hlc: 3 }]);
    expect(w.write([{ value: 'never', hlc: 4, confidence: 0 }]).closed).toHaveLength(3);
    expect(w.live()).toEqual([]);
  });

  it('closes when a write leaves one side expired', () => {
    const w = world();
    w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }]);
    expect(w.write([{ value: 'red', hlc: 3, validUntil: new Date(NOW.getTime() - 1000) }]).closed).toHaveLength(1);
  });

  it('does not close a conflict whose side merely expired, even when the other side is written', () => {
    const w = world();
    const soon = new Date(NOW.getTime() + 1000);
    w.write([{ value: 'red', hlc: 1, validUntil: soon }, { value: 'blue', hlc: 2 }]);
    const later = new Date(NOW.getTime() + 5000);
    expect(w.live(later)).toEqual(['blue']);
    expect(w.write([{ value: 'blue', hlc: 3 }, { value: 'green', hlc: 4, relation: 'memory:other' }], later).closed).toEqual([]);
    expect(w.openPairs()).toEqual(['blue+red']);
    // A write that touches the expired side does close it.
    expect(w.write([{ value: 'red', hlc: 5, confidence: 0 }], later).closed).toHaveLength(1);
  });

  it('closes and opens within one batch in HLC order', () => {
    const w = world();
    const result = w.write([{ value: 'red', hlc: 1 }, { value: 'blue', hlc: 2 }, { value: 'blue', hlc: 3, confidence: 0 }, { value: 'blue', hlc: 4 }]);
    expect(result.opened).toHaveLength(2);
    expect(result.closed).toHaveLength(1);
    expect(w.openPairs()).toEqual(['blue+red']);
  });
});
