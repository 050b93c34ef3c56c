'use client';

import { useRouter } from 'next/navigation';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { NamespaceBar } from '@/lib/lint/view/namespace-chart';
import { type Column, DataTable } from '../ui/DataTable';

const SERIES = [
  { key: 'error', name: 'Errors', color: 'var(--chart-rose)' },
  { key: 'warning', name: 'Warnings', color: 'var(--chart-amber)' },
  { key: 'info', name: 'Info', color: 'var(--chart-sky)' },
] as const;

const ROW_PX = 30;

const TABLE_COLUMNS: Column<NamespaceBar>[] = [
  { key: 'label', header: 'Namespace', rowHeader: true, cell: (bar) => bar.label },
  ...SERIES.map((s) => ({ key: s.key, header: s.name, cell: (bar: NamespaceBar) => bar[s.key] })),
];

/**
 * Findings per relation namespace, stacked by severity (bars from prepareNamespaceChart). Clicking
 * a bar opens the scope's findings in that namespace; the same numbers are in a table for screen
 * readers, since a chart alone says nothing to them.
 */
export function NamespaceChart({ scope, bars }: { scope: string; bars: NamespaceBar[] }) {
  const router = useRouter();
  const height = bars.length * ROW_PX + 56;
  // Entity-level findings (namespace "") are the orphans: their filter is the check, not a namespace.
  const open = (bar: NamespaceBar | undefined) => {
    if (!bar || bar.namespace === null) return;
    router.push(bar.namespace === '' ? `/scopes/${scope}?check=orphan` : `/scopes/${scope}?namespace=${encodeURIComponent(bar.namespace)}`);
  };
  return (
    <figure data-testid={`scope-${scope}-namespace-chart`}>
      <figcaption className="text-xs font-medium text-slate-500">Findings by relation namespace</figcaption>
      <div aria-hidden="true" className="mt-1">
        <BarChart accessibilityLayer={false} responsive data={bars} layout="vertical" style={{ width: '100%', height }} margin={{ top: 4, right: 12, bottom: 4, left: 4 }} barCategoryGap={6}>
          <CartesianGrid horizontal={false} stroke="var(--chart-grid)" />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11, fill: 'var(--chart-axis)' }} stroke="var(--chart-axis-line)" />
          <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 11, fill: 'var(--chart-axis)' }} stroke="var(--chart-axis-line)" interval={0} />
          <Tooltip cursor={{ fill: 'var(--chart-cursor)' }} contentStyle={{ fontSize: 12, borderRadius: 8 }} />
          <Legend iconSize={10} wrapperStyle={{ fontSize: 11 }} />
          {SERIES.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stackId="severity"
              fill={s.color}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(data: { payload?: NamespaceBar }) => open(data.payload)}
            />
          ))}
        </BarChart>
      </div>
      <DataTable columns={TABLE_COLUMNS} rows={bars} rowKey={(bar) => bar.label} caption={`Findings by relation namespace in ${scope}`} variant="plain" visuallyHidden />
    </figure>
  );
}
