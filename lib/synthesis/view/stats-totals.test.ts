import { describe, expect, it } from 'vitest';
import { CENTILES, type SynthesisStats } from '../synthesis-stats';
import { tenthsOf, totalsAt } from './stats-totals';

/** Stats of entries with the given confidences (as the database's centile rule files them), some contradicted. */
function statsOf(confidences: number[], contradicted: number[] = []): SynthesisStats {
  const stats: SynthesisStats = { fact_count: confidences.length + 3, entries: Array(CENTILES).fill(0), contradicted: Array(CENTILES).fill(0) };
  confidences.forEach((c, i) => {
    let k = Math.floor(c * 100);
    if (k < 100 && (k + 1) / 100 <= c) k++;
    if (k > 0 && k / 100 > c) k--;
    stats.entries[k]++;
    if (contradicted.includes(i)) stats.contradicted[k]++;
  });
  return stats;
}

describe('totalsAt', () => {
  const confidences = [0, 0.05, 0.29, 0.3, 0.3000001, 0.65, 0.6499999, 0.9, 1, 1];
  const stats = statsOf(confidences, [3, 8]);

  it('equals counting the entries with confidence >= min, for every whole hundredth', () => {
    for (let k = 0; k <= 100; k++) {
      const min = k / 100;
      expect(totalsAt(stats, min), `min ${min}`).toEqual({
        fact_count: confidences.length + 3,
        entry_count: confidences.filter((c) => c >= min).length,
        contradiction_count: [3, 8].filter((i) => confidences[i] >= min).length,
        filtered_count: confidences.filter((c) => c < min).length,
      });
    }
  });

  it('says nothing for a minimum between hundredths (the node counts those itself)', () => {
    expect(totalsAt(stats, 0.655)).toBeNull();
    expect(totalsAt(stats, 0.1 + 0.2)).toBeNull();
  });
});

describe('tenthsOf', () => {
  it('files entries by tenths, 1.0 on its own, like width_bucket(confidence, 0, 1, 10)', () => {
    expect(tenthsOf(statsOf([0.05, 0.1, 0.19, 0.95, 1, 1], [4]))).toEqual([
      { bucket: 1, entries: 1, contradicted: 0 },
      { bucket: 2, entries: 2, contradicted: 0 },
      { bucket: 10, entries: 1, contradicted: 0 },
      { bucket: 11, entries: 2, contradicted: 1 },
    ]);
  });
});
