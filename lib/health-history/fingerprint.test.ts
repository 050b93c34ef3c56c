import { describe, expect, it } from 'vitest';
import { compactFinding, FindingTally, fingerprintOf } from './fingerprint';

const finding = (check: string, severity: string, entity: string, extra: object = {}) => ({ check, severity, entity, relation: 'rel', ...extra });

describe('health-run fingerprints', () => {
  it('identifies a finding by check, entity, relation and target, not by severity', () => {
    const a = fingerprintOf(finding('stale', 'info', 'e1'));
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(fingerprintOf(finding('stale', 'warning', 'e1'))).toBe(a);
    expect(fingerprintOf(finding('orphan', 'info', 'e1'))).not.toBe(a);
    expect(fingerprintOf(finding('broken_ref', 'warning', 'e1', { ref_target: 'x' }))).not.toBe(fingerprintOf(finding('broken_ref', 'warning', 'e1', { ref_target: 'y' })));
  });

  it('tallies a run against the previous one: counts, hashes, new and fixed', () => {
    const kept = finding('stale', 'warning', 'e1');
    const gone = fingerprintOf(finding('orphan', 'info', 'e0'));
    const tally = new FindingTally([fingerprintOf(kept), gone], 10);
    tally.add([kept, finding('contradiction', 'error', 'e2', { conflict_id: 'c1' })]);
    // The same finding again (another batch, another severity) is one hash, not a second new one.
    tally.add([finding('contradiction', 'warning', 'e2', { conflict_id: 'c1' }), finding('broken_ref', 'warning', 'e3', { ref_target: 't' })]);
    const run = tally.done();
    expect(run.counts).toEqual({ stale: { warning: 1 }, contradiction: { error: 1, warning: 1 }, broken_ref: { warning: 1 } });
    expect(run.fingerprints).toHaveLength(3);
    expect(run.fingerprints).toEqual([...run.fingerprints].sort());
    expect(run.newFindings.map((f) => f.entity)).toEqual(['e2', 'e3']);
    expect(run.newFindings[0]).toEqual(compactFinding(finding('contradiction', 'error', 'e2', { conflict_id: 'c1' })));
    expect([run.newCount, run.fixedCount, run.fixedHashes]).toEqual([2, 1, [gone]]);
    expect(new FindingTally(null, 10).done()).toMatchObject({ newCount: 0, fixedCount: 0, fingerprints: [] });
  });

  it('keeps at most `keep` new findings and fixed hashes, in lint order and sorted, and counts all of them', () => {
    const previous = Array.from({ length: 30 }, (_, i) => fingerprintOf(finding('orphan', 'info', `old-${i}`)));
    const tally = new FindingTally(previous, 5);
    for (let batch = 0; batch < 4; batch++) tally.add(Array.from({ length: 10 }, (_, i) => finding('stale', 'warning', `new-${batch}-${i}`)));
    const run = tally.done();
    expect(run.newFindings.map((f) => f.entity)).toEqual(['new-0-0', 'new-0-1', 'new-0-2', 'new-0-3', 'new-0-4']);
    expect(run.newCount).toBe(40);
    expect(run.fixedHashes).toEqual([...previous].sort().slice(0, 5));
    expect(run.fixedCount).toBe(30);
  });
});
