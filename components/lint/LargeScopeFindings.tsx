'use client';

import Link from 'next/link';
import { SeverityLinks } from '@/components/health/SeverityLinks';
import { errorDetail } from '@/lib/client/api-client';
import { useLintJobQuery } from '@/lib/client/use-lint-job-query';
import { findingsHref, type FindingsView, isFiltered } from '@/lib/health/findings-query';
import { plural } from '@/lib/health/scope-status';
import { DateTime } from '../ui/DateTime';
import { EmptyState } from '../ui/EmptyState';
import { Notice } from '../ui/Notice';
import { buttonStyles, cardStyles, linkStyles } from '../ui/styles';
import { FindingsFilters } from './FindingsFilters';
import { FindingsExportLinks } from './FindingsExportLinks';
import { FindingsPager } from './FindingsPager';
import { FindingsTable } from './FindingsTable';
import { LintJobProgress } from './LintJobProgress';

/**
 * Findings of a scope above the async threshold: starts a background lint job, shows its progress,
 * then shows one page of the job's findings, filtered, sorted and paged on the server (the same URL
 * parameters as the live view; the browser never holds the job's whole result).
 */
export function LargeScopeFindings({ scope, factCount, view, canWrite, source }: { scope: string; factCount: number; view: FindingsView; canWrite: boolean; source: string }) {
  const { state, relint } = useLintJobQuery(scope, view);

  if (state.phase === 'starting' || state.phase === 'running') {
    return <LintJobProgress scope={scope} factCount={factCount} job={state.phase === 'running' ? state.job : null} estimatedS={state.phase === 'running' ? state.estimatedS : null} />;
  }
  if (state.phase === 'failed' || state.phase === 'error') {
    return (
      <div className="space-y-3">
        <Notice tone="error" title="Lint did not finish" testId="lint-job-error">
          {state.phase === 'failed' ? state.reason : errorDetail(state.error)}
        </Notice>
        <button type="button" onClick={relint} className={buttonStyles.secondary}>
          Lint again
        </button>
      </div>
    );
  }

  const { page, factCount: linted, checkedAt } = state;
  return (
    <>
      <section aria-label={`Health of ${scope}`} data-testid="lint-job-done" className={`${cardStyles} mb-4 flex flex-wrap items-center justify-between gap-4 p-5`}>
        <div className="space-y-1">
          <SeverityLinks scope={scope} counts={page.counts} />
          <p className="text-xs text-slate-500">
            Linted {linted.toLocaleString('en-US')} facts in a background job at <DateTime iso={checkedAt} />.
          </p>
        </div>
        <button type="button" onClick={relint} className={buttonStyles.secondary}>
          Lint again
        </button>
      </section>
      {page.finding_count === 0 ? (
        <EmptyState title="This scope is healthy" testId="scope-healthy">
          No contradictions, stale values, orphaned entities, broken references or bare relations in {plural(linted, 'fact')}.
        </EmptyState>
      ) : (
        <>
          <FindingsFilters scope={scope} view={view} namespaces={page.namespaces} />
          {page.findings.length ? (
            <FindingsTable scope={scope} findings={page.findings} facts={page.facts} view={view} canWrite={canWrite} source={source} />
          ) : (
            <EmptyState title={isFiltered(view) ? 'No findings match these filters' : 'No findings on this page'} testId="findings-empty">
              <Link href={findingsHref(scope, { ...view, check: undefined, severity: undefined, namespace: undefined, q: undefined, page: 1 })} className={linkStyles}>
                Show all findings
              </Link>
            </EmptyState>
          )}
          <FindingsPager scope={scope} view={view} total={page.total} shown={page.findings.length} />
          <FindingsExportLinks scope={scope} view={view} />
        </>
      )}
    </>
  );
}
