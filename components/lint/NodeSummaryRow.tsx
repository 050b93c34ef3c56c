import { FIGURES, formatFigure } from '@/lib/figures/figures';
import type { NodeSummary } from '@/lib/health-history/node-summary';
import { DateTime } from '../ui/DateTime';
import { Link } from '../ui/Link';
import { cardStyles, linkStyles } from '../ui/styles';

function Stat({ label, title, value, testId, href }: { label: string; title?: string; value: number; testId: string; href?: string }) {
  const number = (
    <span data-testid={testId} className="text-xl font-semibold tabular-nums text-slate-900">
      {formatFigure(value)}
    </span>
  );
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500" title={title}>
        {label}
      </dt>
      <dd aria-label={`${label} ${formatFigure(value)}`}>{href ? <Link href={href} className={linkStyles}>{number}</Link> : number}</dd>
    </div>
  );
}

/** The node at a glance, above the scope cards: the readable scopes' totals, and when they were read. */
export function NodeSummaryRow({ scopes, facts, summary, asOf }: { scopes: number; facts: number; summary: NodeSummary; asOf: string }) {
  return (
    <section aria-label="Node summary" data-testid="node-summary" className={`${cardStyles} mb-4 p-4`}>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label="Scopes" value={scopes} testId="summary-scopes" />
        <Stat label={FIGURES.facts.label} title={FIGURES.facts.definition} value={facts} testId="summary-facts" />
        <Stat
          label={FIGURES.contradicted_triples.label}
          title={FIGURES.contradicted_triples.definition}
          value={summary.contradicted_triples}
          testId="summary-contradictions"
          href="/conflicts"
        />
        <Stat label="Open alerts" title="Alerts not acknowledged, resolved or muted: the header’s count." value={summary.open_alerts} testId="summary-alerts" href="/alerts" />
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">Last health run</dt>
          <dd data-testid="summary-last-run" className="mt-1 text-sm text-slate-900">
            {summary.last_run ? (
              <>
                <DateTime iso={summary.last_run.finished_at} /> <span className="text-slate-600">({summary.last_run.scope})</span>
              </>
            ) : (
              'None yet'
            )}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">As of</dt>
          <dd data-testid="summary-as-of" className="mt-1 text-sm text-slate-900">
            <DateTime iso={asOf} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
