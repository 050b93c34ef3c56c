import type { ReactNode } from 'react';
import { cardStyles } from '../ui/styles';

/** A titled frame for one trend chart; `summary` is what a screen reader hears for the chart. */
export function TrendChartCard({ title, description, summary, testId, children }: { title: string; description: string; summary: string; testId: string; children: ReactNode }) {
  return (
    <figure data-testid={testId} className={`${cardStyles} p-4`}>
      <figcaption>
        <span className="block text-sm font-medium text-slate-900">{title}</span>
        <span className="block text-xs text-slate-500">{description}</span>
      </figcaption>
      <div className="mt-3 h-56" role="img" aria-label={summary}>
        {children}
      </div>
    </figure>
  );
}
