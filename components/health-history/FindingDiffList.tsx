import { Link } from '@/components/ui/Link';
import type { CompactFinding } from '@/lib/health-history/fingerprint';
import { remediationLinks } from '@/lib/health-history/view/remediation';
import { SeverityBadge } from '../lint/SeverityBadge';
import { linkStyles } from '../ui/styles';

/** New or fixed findings of a run, each with where to fix (or check) it. Unknown identities show their hash. */
export function FindingDiffList({ title, findings, total, scope, empty, testId }: { title: string; findings: (CompactFinding | { h: string })[]; total: number; scope: string; empty: string; testId: string }) {
  return (
    <section data-testid={testId} aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-500">({total})</span>
      </h3>
      {findings.length ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {findings.map((f) =>
            'check' in f ? (
              <li key={f.h} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <SeverityBadge severity={f.severity as 'error' | 'warning' | 'info'} />
                <span className="text-slate-600">{f.check.replace('_', ' ')}</span>
                <span className="min-w-0 font-mono text-xs wrap-anywhere text-slate-900">
                  {f.entity}
                  {f.relation ? ` · ${f.relation}` : ''}
                </span>
                <span className="ml-auto flex gap-3">
                  {remediationLinks(f, scope).map((l) => (
                    <Link key={l.href} href={l.href} className={`${linkStyles} whitespace-nowrap text-xs`}>
                      {l.label}
                    </Link>
                  ))}
                </span>
              </li>
            ) : (
              <li key={f.h} className="py-2 font-mono text-xs text-slate-500">
                finding {f.h} (its details are older than the kept history)
              </li>
            ),
          )}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">{empty}</p>
      )}
      {total > findings.length ? <p className="mt-1 text-xs text-slate-500">Showing {findings.length} of {total}.</p> : null}
    </section>
  );
}
