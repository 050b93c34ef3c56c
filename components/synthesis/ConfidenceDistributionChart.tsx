'use client';

import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ConfidenceDistribution, ThresholdState } from '@/lib/synthesis/view/prepare-confidence-distribution';

const CLEAN: Record<ThresholdState, string> = { shown: 'var(--chart-indigo)', 'partly-hidden': 'var(--chart-indigo-light)', hidden: 'var(--chart-faint)' };
const CONTRADICTED: Record<ThresholdState, string> = { shown: 'var(--chart-orange)', 'partly-hidden': 'var(--chart-orange-light)', hidden: 'var(--chart-faint-2)' };

/** Renders prepareConfidenceDistribution's series: entries per confidence bucket, greyed below the threshold. */
export function ConfidenceDistributionChart({ distribution, minConfidence, subject }: { distribution: ConfidenceDistribution; minConfidence: number; subject: string }) {
  const summary = distribution.buckets
    .filter((b) => b.total)
    .map((b) => `${b.label}: ${b.total}${b.contradicted ? ` (${b.contradicted} contradicted)` : ''}`)
    .join('; ');
  return (
    <figure data-testid="confidence-chart">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-slate-900">Confidence of the entries</span>
        <span className="text-xs text-slate-500">
          {subject} · {distribution.total.toLocaleString('en-US')} {distribution.total === 1 ? 'entry' : 'entries'}{minConfidence > 0 ? ` · grey: below ${minConfidence.toFixed(2)}, hidden` : ''}
        </span>
      </figcaption>
      {distribution.total ? (
        <div className="mt-2 h-48" role="img" aria-label={`Histogram of entry confidence. ${summary}`}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={distribution.buckets} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--chart-grid)" />
              <XAxis dataKey="label" tick={{ fontSize: 11, fill: 'var(--chart-axis)' }} interval={0} angle={-30} textAnchor="end" height={44} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: 'var(--chart-axis)' }} tickFormatter={(n: number) => n.toLocaleString('en-US')} />
              <Tooltip cursor={{ fill: 'var(--chart-cursor)' }} formatter={(value) => (typeof value === 'number' ? value.toLocaleString('en-US') : String(value))} />
              <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={(item) => (item.dataKey === 'clean' ? 0 : 1)} />
              <Bar dataKey="clean" name="Not contradicted" stackId="entries" fill={CLEAN.shown} isAnimationActive={false}>
                {distribution.buckets.map((b) => (
                  <Cell key={b.label} fill={CLEAN[b.threshold]} />
                ))}
              </Bar>
              <Bar dataKey="contradicted" name="Contradicted" stackId="entries" fill={CONTRADICTED.shown} isAnimationActive={false}>
                {distribution.buckets.map((b) => (
                  <Cell key={b.label} fill={CONTRADICTED[b.threshold]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-500">No entries to chart.</p>
      )}
    </figure>
  );
}
