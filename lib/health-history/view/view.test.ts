import { describe, expect, it } from 'vitest';
import { checkColor, historyRows } from './history-chart';
import { remediationLinks } from './remediation';
import { describeChange, sparklinePoints } from './sparkline';

describe('health history view models', () => {
  it('draws the sparkline over time and skips failed runs', () => {
    const pts = sparklinePoints([{ at: '2030-01-01T00:00:00Z', score: 100 }, { at: '2030-01-02T00:00:00Z', score: null }, { at: '2030-01-03T00:00:00Z', score: 0 }], 104, 24);
    expect(pts).toBe('2.0,2.0 102.0,22.0');
    expect(sparklinePoints([], 10, 10)).toBe('');
    expect(sparklinePoints([{ at: '2030-01-01T00:00:00Z', score: 50 }], 10, 10)).toBe('5.0,5.0');
  });

  it('describes the change since the previous run', () => {
    expect(describeChange(4)).toEqual({ arrow: '▲', label: '4', tone: 'up' });
    expect(describeChange(-12)).toEqual({ arrow: '▼', label: '12', tone: 'down' });
    expect(describeChange(0)?.label).toBe('no change');
    expect(describeChange(null)).toBeNull();
  });

  it('turns a series into chart rows with a gap for a failed run, for any check', () => {
    const base = { totals: { error: 0, warning: 0, info: 0 }, aged_conflicts: 0, new_count: 0, fixed_count: 0 };
    const rows = historyRows([
      { ...base, run_id: 'a', at: '2030-01-01T10:05:00Z', status: 'ok', score: 90, findings: { namespacing: { warning: 2, info: 1 } }, pending_conflicts: 3, duration_ms: 1234 },
      { ...base, run_id: 'b', at: '2030-01-01T10:20:00Z', status: 'failed', score: null, findings: {}, pending_conflicts: 0, duration_ms: 50 },
    ], ['namespacing', 'stale'], 7);
    expect(rows[0]).toMatchObject({ label: 'Jan 1 10:05', score: 90, namespacing: 3, stale: 0, pending: 3, duration_s: 1.2 });
    expect(rows[1]).toMatchObject({ failed: true, score: null, namespacing: null, pending: null });
    expect(checkColor('contradiction', 0)).not.toBe(checkColor('namespacing', 0));
  });

  it('links each finding to where it is fixed', () => {
    expect(remediationLinks({ check: 'contradiction', entity: 'e:1', conflict_id: 'stigmem:conflict:x' }, 'team')[0]).toEqual({ href: '/conflicts/stigmem%3Aconflict%3Ax', label: 'Resolve' });
    expect(remediationLinks({ check: 'broken_ref', entity: 'e', ref_target: 't:1' }, 'team').map((l) => l.label)).toEqual(['Open entity', 'Open target', 'In scope findings']);
  });
});
