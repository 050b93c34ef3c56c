import { CheckNowButton } from '@/components/health-history/CheckNowButton';
import type { RunHealth } from '@/lib/health-history/overview-health';
import { scoreBand } from '@/lib/lint/view/scope-status';
import { DateTime } from '../ui/DateTime';
import { cardStyles } from '../ui/styles';
import { HealthScore } from './HealthScore';
import { runTriggerWords } from './ScopeCard';
import { ScopeSizeStats } from './ScopeStat';

/**
 * The scope page's headline for a scope above the async threshold. Its lint runs in a background
 * job whose findings are paged on the server and carry no score (a score needs the scope's live
 * values, which the job's pages do not count), so the score is the latest health run's, with its
 * time; before any run has finished it says so and offers "Check now".
 */
export function ScopeRunSummary({ scope, latest, threshold }: { scope: string; latest: RunHealth | null; threshold: number }) {
  const facts = threshold.toLocaleString('en-US');
  if (!latest) {
    return (
      <section aria-label={`Latest health run of ${scope}`} data-testid="scope-run-summary" className={`${cardStyles} mb-4 flex flex-wrap items-center justify-between gap-4 p-5`}>
        <p data-testid={`scope-${scope}-unchecked`} className="min-w-0 flex-1 text-sm text-slate-700">
          No health score yet. Above {facts} facts the score comes from the scope’s health runs, and none has finished yet: the scheduler checks the scope in the background (unless it is
          off), and “Check now” runs a check at once. The findings below are from a lint job.
        </p>
        <CheckNowButton scope={scope} />
      </section>
    );
  }
  const { health, run } = latest;
  return (
    <section aria-label={`Latest health run of ${scope}`} data-testid="scope-run-summary" className={`${cardStyles} mb-4 flex flex-wrap items-center justify-between gap-6 p-5`}>
      <ScopeSizeStats scope={scope} health={health} className="grid grid-cols-3 gap-6" />
      <div className="min-w-0 max-w-md flex-1 space-y-2">
        <p data-testid={`scope-${scope}-from-run`} className="text-xs text-slate-600">
          As of the health run of <DateTime iso={run.finished_at ?? run.started_at} /> ({runTriggerWords[run.trigger]}): above {facts} facts the score and these counts come from the
          scope’s latest health run; the findings below are from a lint job.
        </p>
        <CheckNowButton scope={scope} />
      </div>
      <HealthScore scope={scope} score={health.score} band={scoreBand(health.score, health.findings)} />
    </section>
  );
}

/** The headline once the latest run is read (the page streams it in beside the lint job). */
export async function ScopeRunSummaryLoader({ latest, ...props }: { scope: string; latest: Promise<RunHealth | null>; threshold: number }) {
  return <ScopeRunSummary {...props} latest={await latest} />;
}
