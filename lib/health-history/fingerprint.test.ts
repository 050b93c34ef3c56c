import { describe, expect, it } from 'vitest';
import { diffFingerprints, fingerprintOf } from './fingerprint';

const finding = (check: string, severity: string, entity: string, extra: object = {}) => ({ check, severity, entity, relation: 'rel', ...extra });

describe('health-run fingerprints', () => {
  it('identifies a finding by check, entity, relation and target, not by severity', () => {
    const a = fingerprintOf(finding('stale', 'info', 'e1'));
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(fingerprintOf(finding('stale', 'warning', 'e1'))).toBe(a);
    expect(fingerprintOf(finding('orphan', 'info', 'e1'))).not.toBe(a);
    expect(fingerprintOf(finding('broken_ref', 'warning', 'e1', { ref_target: 'x' }))).not.toBe(fingerprintOf(finding('broken_ref', 'warning', 'e1', { ref_target: 'y' })));
  });

  it('diffs two runs into new and fixed', () => {
    expect(diffFingerprints(['a', 'b'], ['b', 'c'])).toEqual({ added: ['c'], removed: ['a'] });
    expect(diffFingerprints(null, ['x'])).toEqual({ added: ['x'], removed: [] });
  });
});
