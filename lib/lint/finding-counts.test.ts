import { describe, expect, it } from 'vitest';
import { checkTotal, countFindings, severityTotals } from './finding-counts';

const finding = (check: string, severity: string) => ({ check, severity });

describe('finding counts', () => {
  it('counts any check name by severity', () => {
    const counts = countFindings([finding('namespacing', 'warning'), finding('namespacing', 'warning'), finding('stale', 'info')]);
    expect(counts).toEqual({ namespacing: { warning: 2 }, stale: { info: 1 } });
    expect(severityTotals(counts)).toEqual({ error: 0, warning: 2, info: 1 });
    expect(checkTotal(counts, 'namespacing')).toBe(2);
    expect(checkTotal(counts, 'namespacing', 'error')).toBe(0);
    expect(checkTotal(counts, 'contradiction')).toBe(0);
  });

});
