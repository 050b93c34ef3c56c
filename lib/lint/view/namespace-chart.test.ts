import { describe, expect, it } from 'vitest';
import { ENTITY_LEVEL_LABEL, prepareNamespaceChart } from './namespace-chart';

describe('prepareNamespaceChart', () => {
  it('returns no bars for a clean scope', () => {
    expect(prepareNamespaceChart([])).toEqual([]);
    expect(prepareNamespaceChart([{ namespace: 'memory', error: 0, warning: 0, info: 0 }])).toEqual([]);
  });

  it('treats a missing severity as zero and totals each bar', () => {
    expect(prepareNamespaceChart([{ namespace: 'memory', error: 2 }])).toEqual([{ namespace: 'memory', label: 'memory', error: 2, warning: 0, info: 0, total: 2 }]);
  });

  it('labels entity-level findings (orphans, namespace "")', () => {
    const [bar] = prepareNamespaceChart([{ namespace: '', info: 3 }]);
    expect(bar).toMatchObject({ namespace: '', label: ENTITY_LEVEL_LABEL, info: 3 });
  });

  it('orders by total, then errors, then name', () => {
    const bars = prepareNamespaceChart([
      { namespace: 'b', warning: 2 },
      { namespace: 'a', warning: 2 },
      { namespace: 'c', error: 1, info: 1 },
      { namespace: 'd', info: 5 },
    ]);
    expect(bars.map((b) => b.namespace)).toEqual(['d', 'c', 'a', 'b']);
  });

  it('merges duplicate namespaces and ignores negative or fractional noise', () => {
    const bars = prepareNamespaceChart([
      { namespace: 'memory', error: 1 },
      { namespace: 'memory', warning: 2, info: -4 },
    ]);
    expect(bars).toEqual([{ namespace: 'memory', label: 'memory', error: 1, warning: 2, info: 0, total: 3 }]);
  });

  it('folds the tail past maxBars into one "other" bar that keeps the totals', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ namespace: `ns${i}`, error: i % 2, warning: 10 - i }));
    const bars = prepareNamespaceChart(rows, 4);
    expect(bars).toHaveLength(4);
    // ns0 and ns1 tie on 10 findings, ns2 and ns3 on 8: the one with an error goes first.
    expect(bars.slice(0, 3).map((b) => b.namespace)).toEqual(['ns1', 'ns0', 'ns3']);
    const other = bars[3];
    expect(other).toMatchObject({ namespace: null, label: '7 other namespaces' });
    const sum = (key: 'error' | 'warning' | 'info' | 'total') => bars.reduce((s, b) => s + b[key], 0);
    expect(sum('total')).toBe(rows.reduce((s, r) => s + r.error + r.warning, 0));
    expect(sum('error')).toBe(5);
  });

  it('does not fold when the namespaces fit exactly', () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({ namespace: `ns${i}`, info: 1 }));
    expect(prepareNamespaceChart(rows, 6).every((b) => b.namespace !== null)).toBe(true);
  });
});
