import { HealthScore } from '@/components/lint/HealthScore';
import { CheckLinks } from '@/components/lint/CheckLinks';
import { ScopeSizeStats } from '@/components/lint/ScopeStat';
import { SeverityLinks } from '@/components/lint/SeverityLinks';
import { scoreBand } from '@/lib/lint/view/scope-status';
import type { ScopeHealth } from '@/lib/lint/lint-summary';
import { DateTime } from '../ui/DateTime';
import { cardStyles } from '../ui/styles';

/** The scope page's headline: counts, findings by severity and by check (links filter the table), the score. */
export function ScopeSummary({ health }: { health: ScopeHealth }) {
  const { scope } = health;
  return (
    <section aria-label={`Health of ${scope}`} className={`${cardStyles} mb-4 flex flex-wrap items-center justify-between gap-6 p-5`}>
      <ScopeSizeStats scope={scope} health={health} className="grid grid-cols-3 gap-6" />
      <div className="space-y-1">
        <SeverityLinks scope={scope} counts={health.findings} />
        <CheckLinks scope={scope} counts={health.by_check} />
        <p className="text-xs text-slate-500">
          Linted <DateTime iso={health.checked_at} />
        </p>
      </div>
      <HealthScore scope={scope} score={health.score} band={scoreBand(health.score, health.findings)} />
    </section>
  );
}
