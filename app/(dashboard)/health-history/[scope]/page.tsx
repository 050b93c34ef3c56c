import type { Metadata } from 'next';

import { CheckNowButton } from '@/components/health-history/CheckNowButton';
import { HistoryCharts } from '@/components/health-history/HistoryCharts';
import { RangeTabs } from '@/components/health-history/RangeTabs';
import { RebuildHistory } from '@/components/health-history/RebuildHistory';
import { RunDetailPanel } from '@/components/health-history/RunDetailPanel';
import { RunsTable } from '@/components/health-history/RunsTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { Notice } from '@/components/ui/Notice';
import { PageHeader } from '@/components/ui/PageHeader';
import { pageAccess } from '@/lib/pages/page-access';
import { decodePathParam } from '@/lib/pages/path-param';

import { DomainError } from '@/lib/errors/domain-error';
import { getRun, type RunDetail } from '@/lib/health-history/run-queries';
import { RANGES, scopeSummary } from '@/lib/health-history/summary';
import { historyRows } from '@/lib/health-history/view/history-chart';
import { LINT_CHECKS } from '@/lib/lint/lint-request';

export const metadata: Metadata = { title: 'Scope history' };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function HealthHistoryPage({ params, searchParams }: { params: Promise<{ scope: string }>; searchParams: Promise<SearchParams> }) {
  const scope = decodePathParam((await params).scope);
  const sp = await searchParams;
  const rangeParam = first(sp.range);
  const range = rangeParam && rangeParam in RANGES ? (rangeParam as keyof typeof RANGES) : '30d';
  const runId = first(sp.run) ?? null;
  const { scopes, can } = await pageAccess(`/health-history/${encodeURIComponent(scope)}?range=${range}`, { scope });
  const summary = await scopeSummary(scope, range);
  let run: RunDetail | null = null;
  if (runId) run = await getRun(runId, scopes).catch((e) => (e instanceof DomainError && e.kind === 'not_found' ? null : Promise.reject(e)));
  const okRuns = summary.series.filter((p) => p.status === 'ok').length;
  // Every current check gets a line (flat at 0 when clean); checks seen only in older runs keep theirs.
  const checks = [...new Set([...LINT_CHECKS, ...summary.checks])];

  return (
    <>
      <PageHeader
        back={{ href: '/', label: 'Health' }}
        title={`History: ${scope}`}
        description="Every health run of this scope — scheduled, from the API, from “Check now” or replayed from the log — with its score, findings per check, review queue and duration. Click a point or a row to see what was new and what was fixed."
        actions={<CheckNowButton scope={scope} />}
      />
      <RangeTabs scope={scope} range={range} />
      {summary.series.length === 0 ? (
        <EmptyState title="No health runs in this range" testId="history-empty">
          Runs are recorded every lint interval (15 minutes unless the scope’s settings say otherwise), after each whole-scope lint and when you press Check now.
        </EmptyState>
      ) : (
        <>
          {okRuns <= 1 ? (
            <div className="mb-4">
              <Notice testId="history-one-run">
                {okRuns === 1 ? 'One run so far: the charts fill in as runs accumulate.' : 'No run in this range succeeded yet; open a failed run below to see why.'}
              </Notice>
            </div>
          ) : null}
          <HistoryCharts rows={historyRows(summary.series, checks, RANGES[range])} checks={checks} />
          <RunsTable scope={scope} range={range} series={summary.series} selected={run?.id ?? null} />
        </>
      )}
      {runId && !run ? (
        <div className="mt-6">
          <Notice tone="warning" testId="run-missing">
            That run is not in the history any more (older runs are thinned to one per day).
          </Notice>
        </div>
      ) : null}
      {run ? <RunDetailPanel run={run} closeHref={`/health-history/${scope}?range=${range}`} /> : null}
      {can('admin', scopes[0]) ? <RebuildHistory scope={scope} /> : null}
    </>
  );
}
