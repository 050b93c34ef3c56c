import type { Severity } from '@/lib/lint/lint-request';

export const severityTones: Record<Severity, string> = {
  error: 'bg-rose-50 text-rose-800 ring-rose-600/30',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/30',
};

/** A finding's severity as a pill; the word carries the meaning, the color only repeats it. */
export function SeverityBadge({ severity, count, testId }: { severity: Severity; count?: number; testId?: string }) {
  return (
    <span data-testid={testId} className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${severityTones[severity]}`}>
      {count !== undefined ? <span className="font-semibold tabular-nums">{count.toLocaleString('en-US')}</span> : null}
      {count !== undefined && count !== 1 ? (severity === 'info' ? 'info' : `${severity}s`) : severity}
    </span>
  );
}
