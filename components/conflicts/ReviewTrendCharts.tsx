'use client';

import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type ReviewDayPoint, shortDay } from '@/lib/conflicts/view/prepare-review-history';
import { TrendChartCard } from './TrendChartCard';

const COLORS = { pending: 'var(--chart-indigo)', detected: 'var(--chart-orange)', resolved: 'var(--chart-emerald)', dismissed: 'var(--chart-muted)', age: 'var(--chart-rose)' };
const tick = { fontSize: 11, fill: 'var(--chart-axis)' };
const grid = <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--chart-grid)" />;

/** Renders prepareReviewHistory's series; gaps (null) stay gaps, the prepare function decided which. */
export function ReviewTrendCharts({ points }: { points: ReviewDayPoint[] }) {
  const data = points.map((p) => ({ ...p, label: shortDay(p.day) }));
  const last = points[points.length - 1];
  const xAxis = <XAxis dataKey="label" tick={tick} minTickGap={16} />;
  return (
    <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3">
      <TrendChartCard
        testId="chart-pending"
        title="Pending at the end of each day"
        description="Unresolved contradictions waiting for review."
        summary={`Pending contradictions (one per contradicted triple) per day; ${last ? `${last.pending ?? 'no sample'} today` : 'no data'}.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            {grid}
            {xAxis}
            <YAxis allowDecimals={false} tick={tick} />
            <Tooltip />
            <Area type="linear" dataKey="pending" name="Pending" stroke={COLORS.pending} fill={COLORS.pending} fillOpacity={0.15} connectNulls={false} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </TrendChartCard>
      <TrendChartCard
        testId="chart-flow"
        title="Detected, resolved and dismissed per day"
        description="Dismissals are false alarms: pairs that were not contradictions."
        summary={`Per day counts of detected, resolved and dismissed conflicts; today ${last ? `${last.detected} detected, ${last.resolved} resolved, ${last.dismissed} dismissed` : 'no data'}.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} barGap={1}>
            {grid}
            {xAxis}
            <YAxis allowDecimals={false} tick={tick} />
            <Tooltip cursor={{ fill: 'var(--chart-cursor)' }} />
            <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
            <Bar dataKey="detected" name="Detected" fill={COLORS.detected} isAnimationActive={false} />
            <Bar dataKey="resolved" name="Resolved" fill={COLORS.resolved} isAnimationActive={false} />
            <Bar dataKey="dismissed" name="Dismissed" fill={COLORS.dismissed} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </TrendChartCard>
      <TrendChartCard
        testId="chart-age"
        title="Mean age of pending conflicts (days)"
        description="A gap means nothing was pending that day."
        summary={`Mean pending age per day; ${last?.meanAgeDays != null ? `${last.meanAgeDays} days today` : 'nothing pending today'}.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            {grid}
            {xAxis}
            <YAxis tick={tick} />
            <Tooltip />
            <Line type="linear" dataKey="meanAgeDays" name="Mean age (days)" stroke={COLORS.age} strokeWidth={2} dot={{ r: 2 }} connectNulls={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </TrendChartCard>
    </div>
  );
}
