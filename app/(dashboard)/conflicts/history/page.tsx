import type { Metadata } from 'next';
import { ConflictsSubNav } from '@/components/conflicts/ConflictsSubNav';
import { HistoryFilterForm } from '@/components/conflicts/HistoryFilterForm';
import { ReviewAlertBanner } from '@/components/conflicts/ReviewAlertBanner';
import { ReviewHistoryTable } from '@/components/conflicts/ReviewHistoryTable';
import { ReviewSummary } from '@/components/conflicts/ReviewSummary';
import { ReviewTrendCharts } from '@/components/conflicts/ReviewTrendCharts';
import { EmptyState } from '@/components/ui/EmptyState';
import { ExportLinks } from '@/components/ui/ExportLinks';
import { PageHeader } from '@/components/ui/PageHeader';
import { pageAccess } from '@/lib/pages/page-access';
import { reviewHistory } from '@/lib/conflicts/review-history';
import { parseHistoryRange } from '@/lib/conflicts/view/history-range';
import { prepareReviewHistory } from '@/lib/conflicts/view/prepare-review-history';

export const metadata: Metadata = { title: 'Review history' };

export default async function ReviewHistoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const range = parseHistoryRange(await searchParams);
  const query = new URLSearchParams({ ...(range.scope ? { scope: range.scope } : {}), days: String(range.days) });
  const { scopes: readable } = await pageAccess(`/conflicts/history?${query}`);
  const scopes = range.scope ? readable.filter((s) => s === range.scope) : readable;

  const header = (
    <PageHeader
      title="Review history"
      description={
        <>
          Contradictions detected, resolved and dismissed per UTC day, the pending queue and its mean age, computed from the conflict records
          {range.scope ? (
            <>
              {' '}
              of scope <strong className="capitalize">{range.scope}</strong>
            </>
          ) : (
            ' of every scope you can read'
          )}
          .
        </>
      }
      actions={<ConflictsSubNav current="history" />}
    />
  );
  if (!scopes.length) {
    return (
      <>
        {header}
        <EmptyState title="Nothing to show">{range.scope ? `This key cannot read scope “${range.scope}”.` : 'This key cannot read any scope.'}</EmptyState>
      </>
    );
  }

  const history = await reviewHistory(scopes, range.days);
  const today = new Date().toISOString().slice(0, 10);
  const points = prepareReviewHistory(history.history, { today, days: range.days });

  return (
    <>
      {header}
      <div className="space-y-4">
        <HistoryFilterForm scopes={readable} scope={range.scope} days={range.days} />
        <ReviewAlertBanner alerts={history.alerts} />
        <ReviewSummary summary={history.summary} today={points.at(-1)} />
        <ReviewTrendCharts points={points} />
        <ReviewHistoryTable points={points} />
        <ExportLinks href="/api/conflicts/history/export" params={{ scope: range.scope, days: range.days }} what="the numbers per day" testId="history-export" />
      </div>
    </>
  );
}
