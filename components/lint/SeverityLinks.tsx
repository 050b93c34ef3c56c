import { Link } from '@/components/ui/Link';
import { SEVERITIES } from '@/lib/lint/lint-request';
import type { SeverityCounts } from '@/lib/lint/view/scope-status';
import { severityTones } from './SeverityBadge';

/** Findings by severity as three badges, each opening the scope page filtered to that severity (of lint job `job`, when given). */
export function SeverityLinks({ scope, counts, job }: { scope: string; counts: SeverityCounts; job?: string }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Error, warning and info counts in ${scope}`}>
      {SEVERITIES.map((severity) => {
        const n = counts[severity];
        const word = severity === 'info' ? 'info' : n === 1 ? severity : `${severity}s`;
        const badge = `inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${n ? severityTones[severity] : 'bg-slate-50 text-slate-500 ring-slate-200'}`;
        return (
          <li key={severity}>
            {n ? (
              <Link href={`/scopes/${scope}?severity=${severity}${job ? `&job=${job}` : ''}`} data-testid={`scope-${scope}-${severity}`} className={`${badge} hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600`}>
                <span className="font-semibold tabular-nums">{n.toLocaleString('en-US')}</span> {word}
              </Link>
            ) : (
              <span data-testid={`scope-${scope}-${severity}`} className={badge}>
                <span className="font-semibold tabular-nums">0</span> {word}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
