'use client';

import { useMemo } from 'react';
import type { StatsReading } from '@/lib/synthesis/synthesis-stats';
import { prepareConfidenceDistribution } from '@/lib/synthesis/view/prepare-confidence-distribution';
import { type StatsTotals, tenthsOf } from '@/lib/synthesis/view/stats-totals';
import { FIGURES } from '@/lib/figures/figures';
import { DateTime } from '../ui/DateTime';
import { Skeleton } from '../ui/Skeleton';
import { ConfidenceDistributionChart } from './ConfidenceDistributionChart';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The scope's totals at the slider's minimum, and when they were counted if they no longer hold (a recount is under way). */
export function SynthesisTotalsLine({ reading, totals, minConfidence, failed }: { reading: StatsReading | undefined; totals: StatsTotals | null; minConfidence: number; failed: boolean }) {
  if (failed) return <p className="text-sm text-slate-500">The scope&apos;s totals could not be counted; the entries below are unaffected.</p>;
  if (!reading || !totals) {
    return (
      <div role="status" aria-live="polite" data-testid="synthesis-stats-loading">
        <span className="sr-only">Counting the scope&apos;s entries…</span>
        <Skeleton className="h-5 w-full max-w-80" />
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="synthesis-totals">
        <strong className="font-semibold" data-testid="synthesis-entries">
          {plural(totals.entry_count, 'entry', 'entries')}
        </strong>{' '}
        from <span data-testid="synthesis-live-values" title={FIGURES.live_values.definition}>{plural(totals.fact_count, 'live value', 'live values')}</span>
        {totals.contradiction_count ? (
          <>
            {' '}
            ·{' '}
            <span className="font-semibold text-orange-700" data-testid="synthesis-contradicted" title={FIGURES.contradicted_triples.definition}>
              {plural(totals.contradiction_count, 'contradicted triple', 'contradicted triples')}
            </span>
          </>
        ) : null}
        {totals.filtered_count ? (
          <>
            {' '}
            · <span data-testid="filtered-count">{`${plural(totals.filtered_count, 'entry', 'entries')} hidden below ${minConfidence.toFixed(2)}`}</span>
          </>
        ) : null}
      </p>
      {reading.current ? null : (
        <p className="text-xs text-slate-500" role="status" data-testid="synthesis-stats-recounting">
          Counted <DateTime iso={reading.counted_at} />; the scope has changed since, and a recount is under way (a large scope takes a while). The entries below are current.
        </p>
      )}
    </div>
  );
}

/** The confidence chart from the statistics; a placeholder while they are counted. */
export function SynthesisDistribution({ reading, minConfidence, subject, failed }: { reading: StatsReading | undefined; minConfidence: number; subject: string; failed: boolean }) {
  const distribution = useMemo(() => (reading ? prepareConfidenceDistribution(tenthsOf(reading.stats), minConfidence) : null), [reading, minConfidence]);
  if (failed) return <p className="text-sm text-slate-500">The confidence chart could not be computed; the entries below are unaffected.</p>;
  if (!distribution) return <Skeleton className="h-56" />;
  return <ConfidenceDistributionChart distribution={distribution} minConfidence={minConfidence} subject={subject} />;
}
