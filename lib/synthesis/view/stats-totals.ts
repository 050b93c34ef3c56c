import type { SynthesisStats } from '../synthesis-stats';
import type { ConfidenceBucketCount } from './prepare-confidence-distribution';

// What the synthesis page reads off a scope's statistics (lib/synthesis/synthesis-stats.ts): the
// totals at a minimum confidence, and the chart's tenths. Pure, so the browser derives the totals
// for each position of the slider from the one aggregate the server sent.

export interface StatsTotals {
  fact_count: number;
  entry_count: number;
  contradiction_count: number;
  filtered_count: number;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Whether the statistics give exact totals at `minConfidence`: it is k / 100 for a whole k in 0..100. */
export function isWholeHundredth(minConfidence: number): boolean {
  const k = Math.round(minConfidence * 100);
  return k / 100 === minConfidence && k >= 0 && k <= 100;
}

/** The totals at `minConfidence`, exact when it is a whole hundredth (k / 100); otherwise null. */
export function totalsAt(stats: SynthesisStats, minConfidence: number): StatsTotals | null {
  if (!isWholeHundredth(minConfidence)) return null;
  const k = Math.round(minConfidence * 100);
  return {
    fact_count: stats.fact_count,
    entry_count: sum(stats.entries.slice(k)),
    contradiction_count: sum(stats.contradicted.slice(k)),
    filtered_count: sum(stats.entries.slice(0, k)),
  };
}

/** The chart's buckets: 1 = [0.0, 0.1) … 10 = [0.9, 1.0), 11 = exactly 1.0; empty buckets left out. */
export function tenthsOf(stats: SynthesisStats): ConfidenceBucketCount[] {
  const buckets = new Map<number, ConfidenceBucketCount>();
  stats.entries.forEach((entries, k) => {
    if (!entries) return;
    const bucket = Math.floor(k / 10) + 1;
    const counts = buckets.get(bucket) ?? { bucket, entries: 0, contradicted: 0 };
    counts.entries += entries;
    counts.contradicted += stats.contradicted[k];
    buckets.set(bucket, counts);
  });
  return [...buckets.values()].sort((a, b) => a.bucket - b.bucket);
}
