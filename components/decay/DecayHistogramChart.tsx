'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DecayHistogram } from '@/lib/decay/view/prepare-decay-histogram';

const BEFORE = 'var(--chart-muted)';
const AFTER = 'var(--chart-indigo)';

/** Renders prepareDecayHistogram's series: changed values per confidence bucket, before and after. */
export function DecayHistogramChart({ histogram }: { histogram: DecayHistogram }) {
  const summary = histogram.points
    .filter((p) => p.before || p.after)
    .map((p) => `${p.label}: ${p.before} before, ${p.after} after`)
    .join('; ');
  return (
    <figure data-testid="decay-histogram" className="h-full">
      <figcaption className="text-sm font-medium text-slate-900">Confidence of the changed values</figcaption>
      <p className="text-xs text-slate-500">
        {histogram.meanBefore !== null && histogram.meanAfter !== null
          ? `Mean moves from about ${histogram.meanBefore.toFixed(2)} to ${histogram.meanAfter.toFixed(2)}; retractions land in 0.0–0.1.`
          : 'Retractions land in 0.0–0.1.'}
      </p>
      <div className="mt-2 h-56" role="img" aria-label={`Histogram of confidence before and after the sweep. ${summary}`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={histogram.points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} barGap={1}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--chart-grid)" />
            <XAxis dataKey="label" tick={{ fontSize: 11, fill: 'var(--chart-axis)' }} interval={0} angle={-30} textAnchor="end" height={44} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: 'var(--chart-axis)' }} />
            <Tooltip cursor={{ fill: 'var(--chart-cursor)' }} />
            <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={(item) => (item.dataKey === 'before' ? 0 : 1)} />
            <Bar dataKey="before" name="Before" fill={BEFORE} isAnimationActive={false} />
            <Bar dataKey="after" name="After" fill={AFTER} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
