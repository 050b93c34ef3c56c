import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactFinding, FindingTally, fingerprintOf, readFingerprintSet, writeFingerprintSet } from './fingerprint';

const finding = (check: string, severity: string, entity: string, extra: object = {}) => ({ check, severity, entity, relation: 'rel', ...extra });

/** A stored set of these hashes, read back as a run reads its previous run's. */
const storedSet = (hexes: string[]) => readFingerprintSet(writeFingerprintSet(Float64Array.from(hexes.map((h) => parseInt(h, 16))).sort()));
const hexesOf = (hashes: Float64Array) => [...hashes].map((n) => n.toString(16).padStart(12, '0'));

describe('health-run fingerprints', () => {
  it('identifies a finding by check, entity, relation and target, not by severity', () => {
    const a = fingerprintOf(finding('stale', 'info', 'e1'));
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(fingerprintOf(finding('stale', 'warning', 'e1'))).toBe(a);
    expect(fingerprintOf(finding('orphan', 'info', 'e1'))).not.toBe(a);
    expect(fingerprintOf(finding('broken_ref', 'warning', 'e1', { ref_target: 'x' }))).not.toBe(fingerprintOf(finding('broken_ref', 'warning', 'e1', { ref_target: 'y' })));
    // One contradiction finding per triple: the conflict it names may move, the finding stays the same one.
    expect(fingerprintOf(finding('contradiction', 'error', 'e1', { conflict_id: 'c1' }))).toBe(fingerprintOf(finding('contradiction', 'error', 'e1', { conflict_id: 'c2' })));
  });

  it('stores a set as 6 bytes per hash, in order, and reads it back', () => {
    const bytes = writeFingerprintSet(Float64Array.from([0x000000000001, 0xffffffffffff]));
    expect(Buffer.from(bytes).toString('hex')).toBe('000000000001ffffffffffff');
    expect(hexesOf(readFingerprintSet(bytes))).toEqual(['000000000001', 'ffffffffffff']);
    expect(readFingerprintSet(null)).toHaveLength(0);
  });

  it('tallies a run against the previous one: counts, hashes, new and fixed', () => {
    const kept = finding('stale', 'warning', 'e1');
    const gone = fingerprintOf(finding('orphan', 'info', 'e0'));
    const tally = new FindingTally(storedSet([fingerprintOf(kept), gone]), 10);
    tally.add([kept, finding('contradiction', 'error', 'e2', { conflict_id: 'c1' })]);
    // The same finding again (another batch, another severity) is one hash, not a second new one.
    tally.add([finding('contradiction', 'warning', 'e2', { conflict_id: 'c1' }), finding('broken_ref', 'warning', 'e3', { ref_target: 't' })]);
    const run = tally.done();
    expect(run.counts).toEqual({ stale: { warning: 1 }, contradiction: { error: 1, warning: 1 }, broken_ref: { warning: 1 } });
    expect(run.fingerprints).toHaveLength(3);
    expect([...run.fingerprints]).toEqual([...run.fingerprints].sort((x, y) => x - y));
    expect(run.newFindings.map((f) => f.entity)).toEqual(['e2', 'e3']);
    expect(run.newFindings[0]).toEqual(compactFinding(finding('contradiction', 'error', 'e2', { conflict_id: 'c1' })));
    expect([run.newCount, run.fixedCount, run.fixedHashes]).toEqual([2, 1, [gone]]);
    expect(new FindingTally(null, 10).done()).toMatchObject({ newCount: 0, fixedCount: 0, fingerprints: new Float64Array(0) });
  });

  it('keeps at most `keep` new findings and fixed hashes, in lint order and sorted, and counts all of them', () => {
    const previous = Array.from({ length: 30 }, (_, i) => fingerprintOf(finding('orphan', 'info', `old-${i}`)));
    const tally = new FindingTally(storedSet(previous), 5);
    for (let batch = 0; batch < 4; batch++) tally.add(Array.from({ length: 10 }, (_, i) => finding('stale', 'warning', `new-${batch}-${i}`)));
    const run = tally.done();
    expect(run.newFindings.map((f) => f.entity)).toEqual(['new-0-0', 'new-0-1', 'new-0-2', 'new-0-3', 'new-0-4']);
    expect(run.newCount).toBe(40);
    expect(run.fixedHashes).toEqual([...previous].sort().slice(0, 5));
    expect(run.fixedCount).toBe(30);
  });

  it('says what sets of hashes say: new = this run less the previous, fixed = the previous less this run', () => {
    const identity = fc.record({ check: fc.constantFrom('stale', 'orphan', 'broken_ref'), severity: fc.constantFrom('info', 'warning'), entity: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), relation: fc.constantFrom('r1', 'r2') });
    fc.assert(
      fc.property(fc.array(identity, { maxLength: 30 }), fc.array(fc.array(identity, { maxLength: 10 }), { maxLength: 5 }), fc.integer({ min: 1, max: 8 }), (before, batches, keep) => {
        const previous = [...new Set(before.map(fingerprintOf))];
        const tally = new FindingTally(storedSet(previous), keep);
        batches.forEach((batch) => tally.add(batch));
        const run = tally.done();
        const now = new Set(batches.flat().map(fingerprintOf));
        const fresh = [...now].filter((h) => !previous.includes(h));
        const fixed = previous.filter((h) => !now.has(h)).sort();
        expect(hexesOf(run.fingerprints)).toEqual([...now].sort());
        expect(run.newCount).toBe(fresh.length);
        expect(run.fixedCount).toBe(fixed.length);
        expect(run.fixedHashes).toEqual(fixed.slice(0, keep));
        // The first new findings in lint order, one per hash.
        const firstNew = [...new Map(batches.flat().filter((f) => fresh.includes(fingerprintOf(f))).map((f) => [fingerprintOf(f), f])).keys()];
        const ordered = batches.flat().map(fingerprintOf).filter((h, i, all) => fresh.includes(h) && all.indexOf(h) === i);
        expect(run.newFindings.map((f) => f.h)).toEqual(ordered.slice(0, keep));
        expect(firstNew.length).toBe(fresh.length);
      }),
    );
  });
});
