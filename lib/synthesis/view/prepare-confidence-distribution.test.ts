import { describe, expect, it } from 'vitest';
import { prepareConfidenceDistribution, thresholdState } from './prepare-confidence-distribution';

describe('prepareConfidenceDistribution', () => {
  it('always answers ten buckets; a missing bucket is a zero, not a gap', () => {
    const d = prepareConfidenceDistribution([{ bucket: 10, entries: 5, contradicted: 2 }]);
    expect(d.buckets).toHaveLength(10);
    expect(d.buckets.map((b) => b.total)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 5]);
    expect(d.buckets[9]).toMatchObject({ label: '0.9–1.0', clean: 3, contradicted: 2, total: 5 });
    expect(d.buckets[0].label).toBe('0.0–0.1');
    expect(d).toMatchObject({ total: 5, contradicted: 2, max: 5 });
  });

  it('folds width_bucket 11 (confidence exactly 1.0) and bucket 0 into the edges', () => {
    const d = prepareConfidenceDistribution([
      { bucket: 11, entries: 4, contradicted: 0 },
      { bucket: 10, entries: 1, contradicted: 1 },
      { bucket: 0, entries: 2, contradicted: 0 },
    ]);
    expect(d.buckets[9]).toMatchObject({ total: 5, contradicted: 1, clean: 4 });
    expect(d.buckets[0].total).toBe(2);
  });

  it('an empty scope is all zeros with max 0', () => {
    const d = prepareConfidenceDistribution([]);
    expect(d).toMatchObject({ total: 0, contradicted: 0, max: 0 });
    expect(d.buckets.every((b) => b.total === 0 && b.threshold === 'shown')).toBe(true);
  });

  it('never reports more contradicted entries than entries', () => {
    const d = prepareConfidenceDistribution([{ bucket: 3, entries: 1, contradicted: 4 }]);
    expect(d.buckets[2]).toMatchObject({ total: 1, contradicted: 1, clean: 0 });
  });

  it('marks buckets against the min_confidence threshold', () => {
    const d = prepareConfidenceDistribution([], 0.6);
    expect(d.buckets.map((b) => b.threshold)).toEqual(['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'shown', 'shown', 'shown', 'shown']);
    expect(prepareConfidenceDistribution([], 0.65).buckets[6].threshold).toBe('partly-hidden');
  });
});

describe('thresholdState', () => {
  it('keeps 1.0 shown in the last bucket at threshold 1.0', () => {
    expect(thresholdState(0.9, 1, true, 1)).toBe('partly-hidden');
    expect(thresholdState(0.8, 0.9, false, 0.9)).toBe('hidden');
    expect(thresholdState(0.9, 1, true, 0)).toBe('shown');
  });
});
