import { Link } from '@/components/ui/Link';
import { prepareNamespaceChart } from '@/lib/lint/view/namespace-chart';
import { plural, scoreBand, totalFindings } from '@/lib/lint/view/scope-status';
import type { CardHealth, OverviewHealth } from '@/lib/health-history/overview-health';
import { CheckNowButton } from '../health-history/CheckNowButton';
import { ScopeTrend } from '../health-history/ScopeTrend';
import { DateTime } from '../ui/DateTime';
import { cardStyles, linkStyles } from '../ui/styles';
import { CheckLinks } from './CheckLinks';
import { HealthScore } from './HealthScore';
import { NamespaceChart } from './NamespaceChart';
import { ScopeSizeStats } from './ScopeStat';
import { SeverityLinks } from './SeverityLinks';

const scopeBlurb: Record<string, string> = {
  local: 'This node only',
  team: 'Shared with the team',
  company: 'Shared company-wide',
  public: 'Readable by anyone',
};

export const runTriggerWords = { schedule: 'scheduled', change: 'run after a write', manual: 'checked by hand', api: 'a lint over the API', replay: 'replayed from the log' } as const;

/** Where a card's numbers come from when they are not live: a scope above the async threshold. */
function RunSource({ scope, run, threshold }: { scope: string; run: Extract<OverviewHealth, { source: 'run' }>['run']; threshold: number }) {
  return (
    <div data-testid={`scope-${scope}-from-run`} className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
      <p className="min-w-0 flex-1">
        From the health run of <DateTime iso={run.finished_at ?? run.started_at} /> ({runTriggerWords[run.trigger]}): above {threshold.toLocaleString('en-US')} facts the overview does not lint a scope
        on every view.
      </p>
      <CheckNowButton scope={scope} />
    </div>
  );
}

/** A scope above the async threshold that no health run has checked yet. */
export function UncheckedScopeCard({ scope, threshold }: { scope: string; threshold: number }) {
  const headingId = `scope-${scope}-title`;
  return (
    <section aria-labelledby={headingId} data-testid={`scope-card-${scope}`} className={`${cardStyles} flex flex-col p-5`}>
      <h2 id={headingId} className="text-base font-semibold capitalize text-slate-900">
        {scope}
      </h2>
      <p className="text-xs text-slate-500">{scopeBlurb[scope]}</p>
      <p data-testid={`scope-${scope}-unchecked`} className="mt-4 text-sm text-slate-700">
        Not checked yet. This scope holds more than {threshold.toLocaleString('en-US')} facts, so the overview shows its latest health run instead of linting it on every view, and
        none has finished yet. The health scheduler checks it in the background (unless it is off); “Check now” runs a check at once.
      </p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-4 text-sm">
        <Link href={`/scopes/${scope}`} className={linkStyles} aria-label={`Open scope ${scope}`}>
          Open scope →
        </Link>
        <CheckNowButton scope={scope} />
      </div>
    </section>
  );
}

/**
 * One scope on the Health page: counts, findings by severity, score, and where the findings sit.
 * Given a `run`, the numbers are that health run's (a scope above the async threshold), and the card says so.
 */
export function ScopeCard({ health, run, threshold = 0 }: { health: CardHealth; run?: Extract<OverviewHealth, { source: 'run' }>['run']; threshold?: number }) {
  const { scope } = health;
  const headingId = `scope-${scope}-title`;
  const findings = totalFindings(health.findings);
  const bars = prepareNamespaceChart(health.by_namespace);
  return (
    <section aria-labelledby={headingId} data-testid={`scope-card-${scope}`} className={`${cardStyles} flex flex-col p-5`}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold capitalize text-slate-900">
            {scope}
          </h2>
          <p className="text-xs text-slate-500">{scopeBlurb[scope]}</p>
        </div>
        <HealthScore scope={scope} score={health.score} band={scoreBand(health.score, health.findings)} />
      </div>
      {run ? <RunSource scope={scope} run={run} threshold={threshold} /> : null}
      <ScopeTrend scope={scope} />
      <ScopeSizeStats scope={scope} health={health} className="mt-4 grid grid-cols-3 gap-4" />
      <div className="mt-4 border-t border-slate-100 pt-4">
        {findings ? (
          <>
            <p className="mb-2 text-sm text-slate-700">{plural(findings, 'finding')}</p>
            <SeverityLinks scope={scope} counts={health.findings} />
            <CheckLinks scope={scope} counts={health.by_check} />
            <div className="mt-4">
              {run ? <p className="text-xs text-slate-500">A health run does not record where its findings sit: open the scope for findings by namespace.</p> : <NamespaceChart scope={scope} bars={bars} />}
            </div>
          </>
        ) : (
          <p data-testid={`scope-${scope}-healthy`} className="flex items-center gap-2 text-sm font-medium text-emerald-700">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path fillRule="evenodd" d="M10 18a8 8 0 100-16 8 8 0 000 16zm3.857-9.809a.75.75 0 00-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 10-1.06 1.061l2.5 2.5a.75.75 0 001.137-.089l4-5.5z" clipRule="evenodd" />
            </svg>
            {health.fact_count ? 'This scope is healthy: no findings.' : 'No facts yet; this scope is healthy.'}
          </p>
        )}
      </div>
      <div className="mt-auto pt-4 text-sm">
        <Link href={`/scopes/${scope}`} className={linkStyles} aria-label={`Open scope ${scope}`}>
          Open scope →
        </Link>
      </div>
    </section>
  );
}
