'use client';

import type { ReactNode } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { CartesianGrid, Legend, Line, LineChart, type MouseHandlerDataParam, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { checkColor, type HistoryRow } from '@/lib/health-history/view/history-chart';
import { TrendChartCard } from '../conflicts/TrendChartCard';

const tick = { fontSize: 11, fill: 'var(--chart-axis)' };
const grid = <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--chart-grid)" />;
const margin = { top: 8, right: 8, bottom: 0, left: -16 };

/** Score, findings per check, the review queue and run durations; clicking a point opens that run. */
export function HistoryCharts({ rows, checks }: { rows: HistoryRow[]; checks: string[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  // A click anywhere on a chart opens the run under the tooltip (the nearest point).
  const open = (state: MouseHandlerDataParam) => {
    const index = Number(state?.activeTooltipIndex ?? state?.activeIndex);
    const runId = Number.isInteger(index) ? rows[index]?.run_id : undefined;
    if (!runId) return;
    const next = new URLSearchParams(params?.toString());
    next.set('run', runId);
    router.push(`${pathname}?${next.toString()}#run`, { scroll: false });
  };
  const last = rows.at(-1);
  const xAxis = <XAxis dataKey="label" tick={tick} minTickGap={24} />;
  const dot = { r: 3, cursor: 'pointer' };
  const chart = (yAxis: ReactNode, lines: ReactNode, legend = false) => (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={margin} onClick={open}>
        {grid}
        {xAxis}
        {yAxis}
        <Tooltip />
        {legend ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {lines}
      </LineChart>
    </ResponsiveContainer>
  );
  const line = (key: string, name: string, color: string) => (
    <Line key={key} type="linear" dataKey={key} name={name} stroke={color} dot={rows.length <= 60 ? dot : false} activeDot={{ r: 5, cursor: 'pointer' }} connectNulls={false} isAnimationActive={false} />
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TrendChartCard testId="history-chart-score" title="Health score" description="One point per run; click a point to open that run." summary={`Health score per run; latest ${last?.score ?? 'none'}.`}>
        {chart(<YAxis domain={[0, 100]} tick={tick} />, line('score', 'Score', 'var(--chart-indigo)'))}
      </TrendChartCard>
      <TrendChartCard testId="history-chart-checks" title="Findings per check" description="Every lint check, one line each." summary={`Findings per check per run; latest ${checks.map((c) => `${c} ${last?.[c] ?? 0}`).join(', ') || 'none'}.`}>
        {chart(<YAxis allowDecimals={false} tick={tick} />, checks.map((c, i) => line(c, c.replace('_', ' '), checkColor(c, i))), true)}
      </TrendChartCard>
      <TrendChartCard testId="history-chart-conflicts" title="Pending and aged contradictions" description="Aged: unresolved for more than 14 days." summary={`Pending ${last?.pending ?? 'none'}, aged ${last?.aged ?? 'none'} at the latest run.`}>
        {chart(<YAxis allowDecimals={false} tick={tick} />, [line('pending', 'Pending', 'var(--chart-orange)'), line('aged', 'Aged', 'var(--chart-rose)')], true)}
      </TrendChartCard>
      <TrendChartCard testId="history-chart-duration" title="Run duration (s)" description="How long each health run took, failed ones included." summary={`Run durations; latest ${last?.duration_s ?? 'none'} s.`}>
        {chart(<YAxis tick={tick} />, line('duration_s', 'Seconds', 'var(--chart-cyan)'))}
      </TrendChartCard>
    </div>
  );
}
