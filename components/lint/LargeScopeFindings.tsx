'use client';

import { useEffect } from 'react';
import { SeverityLinks } from '@/components/lint/SeverityLinks';
import { errorDetail } from '@/lib/client/api-client';
import { useLintJobQuery } from '@/lib/lint/hooks/use-lint-job-query';
import { findingsHref, type FindingsView } from '@/lib/lint/view/findings-query';
import { DateTime } from '../ui/DateTime';
import { Notice } from '../ui/Notice';
import { buttonStyles, cardStyles } from '../ui/styles';
import { FindingsResults } from './FindingsResults';
import { LintJobProgress } from './LintJobProgress';
import { LintPreviewSection } from './LintPreviewSection';
import { useLintPreviewQuery } from '@/lib/lint/hooks/use-lint-preview-query';
import type { FindingActor } from '@/lib/lint/view/finding-actor';

/**
 * Findings of a scope above the async threshold: follows the background lint job the page started
 * (or "Lint again" starts), shows its progress, then one page of the job's findings, filtered,
 * sorted and paged on the server (the same URL parameters as the live view; the browser never holds
 * the job's whole result). The job's id goes into the URL, so every filter, sort and page link —
 * and a reload or a shared link — shows that job's findings instead of linting again.
 * `unchangedJob`: a finished lint the server showed again because the scope has not changed since.
 * While the job runs, the first findings in lint's order (one page of the paged lint, read when the
 * job started: lint-preview.ts) stand below its progress, so there is something to act on at once.
 */
export function LargeScopeFindings({
  scope,
  threshold,
  view,
  actor,
  unchangedJob,
}: {
  scope: string;
  threshold: number;
  view: FindingsView;
  actor: FindingActor;
  unchangedJob?: string;
}) {
  const { state, jobId, relint } = useLintJobQuery(scope, view);
  const preview = useLintPreviewQuery(scope, jobId, state.phase === 'running');
  const jobView = jobId ? { ...view, job: jobId } : view;
  useEffect(() => {
    // Without a navigation: the page is already showing this job.
    if (jobId && jobId !== new URLSearchParams(window.location.search).get('job')) window.history.replaceState(null, '', findingsHref(scope, { ...view, job: jobId }));
  }, [jobId, scope, view]);

  if (state.phase === 'starting' || state.phase === 'running') {
    return (
      <>
        <LintJobProgress scope={scope} threshold={threshold} job={state.phase === 'running' ? state.job : null} estimatedS={state.phase === 'running' ? state.estimatedS : null} />
        {preview.data ? <LintPreviewSection preview={preview.data} scope={scope} view={view} actor={actor} /> : null}
      </>
    );
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
          <SeverityLinks scope={scope} counts={page.counts} job={jobId ?? undefined} />
          <p className="text-xs text-slate-500">
            Linted {linted.toLocaleString('en-US')} facts in a background job <DateTime iso={checkedAt} />.
            {jobId && jobId === unchangedJob && (
              <span data-testid="lint-unchanged"> Nothing in this scope has changed or expired since, so these are its findings now.</span>
            )}
          </p>
        </div>
        <button type="button" onClick={relint} className={buttonStyles.secondary}>
          Lint again
        </button>
      </section>
      <FindingsResults
        scope={scope}
        view={jobView}
        factCount={linted}
        findingCount={page.finding_count}
        namespaces={page.namespaces}
        findings={page.findings}
        facts={page.facts}
        total={page.total}
        actor={actor}
      />
    </>
  );
}
