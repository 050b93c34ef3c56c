import { describe, expect, it } from 'vitest';
import { prepareDecayHistogram } from './prepare-decay-histogram';

const apiBuckets = (pairs: [number, number][]) =>
  pairs.map(([before, after], i) => ({ bucket: `${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}`, before, after }));

describe('prepareDecayHistogram', () => {
  it('keeps the API buckets in order with their labels', () => {
    const h = prepareDecayHistogram(apiBuckets([[0, 3], [0, 0], [0, 0], [0, 1], [0, 0], [0, 0], [0, 0], [0, 0], [1, 0], [3, 0]]));
    expect(h.points.map((p) => p.label)).toEqual(['0.0–0.1', '0.1–0.2', '0.2–0.3', '0.3–0.4', '0.4–0.5', '0.5–0.6', '0.6–0.7', '0.7–0.8', '0.8–0.9', '0.9–1.0']);
    expect(h.points[0]).toEqual({ label: '0.0–0.1', before: 0, after: 3 });
    expect(h.changed).toBe(4);
    expect(h.max).toBe(3);
    expect(h.meanBefore).toBeCloseTo((0.85 + 3 * 0.95) / 4);
    expect(h.meanAfter).toBeCloseTo((3 * 0.05 + 0.35) / 4);
  });

  it('fills missing buckets with zeros (a count, not a gap)', () => {
    const h = prepareDecayHistogram([{ bucket: '0.9–1.0', before: 2, after: 0 }]);
    expect(h.points).toHaveLength(10);
    expect(h.points[9].before).toBe(2);
    expect(h.points.slice(0, 9).every((p) => p.before === 0 && p.after === 0)).toBe(true);
  });

  it('answers an empty series for no dry run or nothing to change', () => {
    for (const input of [undefined, null, []]) {
      const h = prepareDecayHistogram(input);
      expect(h.points).toHaveLength(10);
      expect(h).toMatchObject({ changed: 0, max: 0, meanBefore: null, meanAfter: null });
    }
  });

  it('ignores negative, fractional and non-numeric counts', () => {
    const h = prepareDecayHistogram([{ bucket: '0.0–0.1', before: -1, after: 2.7 }, { bucket: '0.1–0.2', before: Number.NaN, after: 'x' as unknown as number }]);
    expect(h.points[0]).toMatchObject({ before: 0, after: 2 });
    expect(h.points[1]).toMatchObject({ before: 0, after: 0 });
  });
});
