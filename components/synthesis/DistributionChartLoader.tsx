'use client';

import { use, useMemo } from 'react';
import { type ConfidenceBucketCount, prepareConfidenceDistribution } from '@/lib/synthesis/view/prepare-confidence-distribution';
import { ConfidenceDistributionChart } from './ConfidenceDistributionChart';

/**
 * Waits for the bucket counts the server streams in (a promise from the page, so a large scope's
 * aggregate never holds up the rest of the page) and hands them to the chart. null = it failed.
 */
export function DistributionChartLoader({ histogram, minConfidence, subject }: { histogram: Promise<ConfidenceBucketCount[] | null>; minConfidence: number; subject: string }) {
  const counts = use(histogram);
  const distribution = useMemo(() => (counts ? prepareConfidenceDistribution(counts, minConfidence) : null), [counts, minConfidence]);
  if (!distribution) return <p className="text-sm text-slate-500">The confidence chart could not be computed; the entries below are unaffected.</p>;
  return <ConfidenceDistributionChart distribution={distribution} minConfidence={minConfidence} subject={subject} />;
}
