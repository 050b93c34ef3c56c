import { cardStyles } from '../ui/styles';

/** One number of the review summary. */
export function ReviewStat({ label, value, hint, testId, tone = 'default', title }: { label: string; value: number | string; hint?: string; testId: string; tone?: 'default' | 'warning'; title?: string }) {
  return (
    <div className={`${cardStyles} px-4 py-3 ${tone === 'warning' ? 'border-amber-300 bg-amber-50/60' : ''}`}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase" title={title}>
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums" data-testid={testId} aria-label={`${label} ${typeof value === 'number' ? value.toLocaleString('en-US') : value}`}>
        {typeof value === 'number' ? value.toLocaleString('en-US') : value}
      </dd>
      {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}
