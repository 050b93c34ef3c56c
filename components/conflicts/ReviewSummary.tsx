import type { ReviewDayPoint } from '@/lib/conflicts/view/prepare-review-history';
import { FIGURES } from '@/lib/figures/figures';
import { ReviewStat } from './ReviewStat';

export interface ReviewSummaryNumbers {
  pending: number;
  aged: number;
  dismissed_last_7_days: number;
  dismissed_previous_7_days: number;
  unresolved_conflicts?: number;
}

/** Now and today: what waits, what is aged, and today's detected, resolved and dismissed. */
export function ReviewSummary({ summary, today }: { summary: ReviewSummaryNumbers; today: ReviewDayPoint | undefined }) {
  return (
    <section aria-labelledby="review-today-title">
      <h2 id="review-today-title" className="sr-only">
        Now and today
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <ReviewStat label={FIGURES.contradicted_triples.label} value={summary.pending} hint={summary.unresolved_conflicts === undefined ? 'pending now' : `pending now; ${summary.unresolved_conflicts.toLocaleString('en-US')} unresolved conflicts`} title={FIGURES.contradicted_triples.definition} testId="stat-pending" />
        <ReviewStat label={FIGURES.aged_contradictions.label} value={summary.aged} hint="over 14 days, now" title={FIGURES.aged_contradictions.definition} testId="stat-aged" tone={summary.aged ? 'warning' : 'default'} />
        <ReviewStat label="Detected today" value={today?.detected ?? 0} testId="today-detected" />
        <ReviewStat label="Resolved today" value={today?.resolved ?? 0} testId="today-resolved" />
        <ReviewStat label="Dismissed today" value={today?.dismissed ?? 0} hint="false alarms" testId="today-dismissed" />
        <ReviewStat label="False alarms, 7 days" value={summary.dismissed_last_7_days} hint={`${summary.dismissed_previous_7_days} the week before`} testId="stat-false-alarms" />
      </dl>
    </section>
  );
}
