// Series for the synthesis page's confidence chart. Input: per-bucket counts of a scope's entries
// (1 = [0.0, 0.1) … 10 = [0.9, 1.0), 11 = 1.0, from lib/synthesis/view/stats-totals.ts). A bucket the
// database did not return holds no entries: it is a zero, never a gap (a count, not a sample).

export interface ConfidenceBucketCount {
  bucket: number;
  entries: number;
  contradicted: number;
}

export type ThresholdState = 'shown' | 'partly-hidden' | 'hidden';

export interface DistributionBucket {
  label: string;
  lower: number;
  upper: number;
  /** Entries without an open contradiction (stacked under `contradicted`). */
  clean: number;
  contradicted: number;
  total: number;
  /** Where the bucket sits against the min_confidence threshold. */
  threshold: ThresholdState;
}

export interface ConfidenceDistribution {
  buckets: DistributionBucket[];
  total: number;
  contradicted: number;
  /** The largest bucket, for the axis; 0 when the scope has no entries. */
  max: number;
}

export const BUCKETS = 10;

const round1 = (n: number) => Math.round(n * 10) / 10;

export function thresholdState(lower: number, upper: number, isLast: boolean, minConfidence: number): ThresholdState {
  // Entries below min_confidence are hidden; the last bucket includes 1.0 itself.
  if (minConfidence <= lower) return 'shown';
  if (isLast ? minConfidence > upper : minConfidence >= upper) return 'hidden';
  return 'partly-hidden';
}

export function prepareConfidenceDistribution(counts: ConfidenceBucketCount[], minConfidence = 0): ConfidenceDistribution {
  const byBucket = new Map<number, ConfidenceBucketCount>();
  for (const row of counts) {
    // Out-of-range buckets (confidence exactly 1.0 lands in 11 with width_bucket) join the last one.
    const bucket = Math.min(BUCKETS, Math.max(1, Math.trunc(row.bucket)));
    const seen = byBucket.get(bucket);
    byBucket.set(bucket, { bucket, entries: (seen?.entries ?? 0) + row.entries, contradicted: (seen?.contradicted ?? 0) + row.contradicted });
  }
  const buckets = Array.from({ length: BUCKETS }, (_, i): DistributionBucket => {
    const row = byBucket.get(i + 1);
    const lower = round1(i / BUCKETS);
    const upper = round1((i + 1) / BUCKETS);
    const total = row?.entries ?? 0;
    const contradicted = Math.min(total, row?.contradicted ?? 0);
    return {
      label: `${lower.toFixed(1)}–${upper.toFixed(1)}`,
      lower,
      upper,
      clean: total - contradicted,
      contradicted,
      total,
      threshold: thresholdState(lower, upper, i === BUCKETS - 1, minConfidence),
    };
  });
  return {
    buckets,
    total: buckets.reduce((sum, b) => sum + b.total, 0),
    contradicted: buckets.reduce((sum, b) => sum + b.contradicted, 0),
    max: Math.max(0, ...buckets.map((b) => b.total)),
  };
}
