'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { filterFindings, namespacesOf } from '@/lib/lint/view/filter-findings';
import type { FindingsView } from '@/lib/lint/view/findings-query';
import type { JobFindingsPage } from '@/lib/lint/job-findings-page';
import type { LintResult } from '@/lib/lint/lint-request';
import { apiFetch } from '../../client/api-client';
import { type LintStartAnswer, lintJobPageKey, lintStartKey, viewParams } from '../lint-job-keys';

// A large scope's lint (§14.5): POST /v1/lint answers 202 with a job id; the job's status is polled
// through the dashboard's GET /api/lint-jobs/:id/findings, which, once the job is done, answers one
// page of its findings for the URL's filters (the browser never holds the whole result). The start
// lives in the query cache, so a filter or page change reuses the finished job instead of linting
// again, and the previous page stays on screen while the next one loads. The scope page starts the
// lint on the server and hands its answer (and, when the job finished quickly, the first page) to
// this cache under the same keys (lint-job-keys.ts), so the browser only polls what is still running.

export type LintJob = JobFindingsPage['job'];
export type FindingsPageOfJob = NonNullable<JobFindingsPage['page']>;

/**
 * How long to wait before asking again: every 200 ms for the first ten answers (about two seconds;
 * most jobs at 100k facts finish within one, and a fixed 750 ms made a 0.8 s lint show at 1.5 s),
 * then every 750 ms.
 */
function pollDelayMs(answers: number): number {
  return answers < 10 ? 200 : 750;
}

export type LintJobState =
  | { phase: 'starting' }
  | { phase: 'running'; job: LintJob | null; estimatedS: number }
  | { phase: 'done'; page: FindingsPageOfJob; factCount: number; checkedAt: string }
  | { phase: 'failed'; reason: string }
  | { phase: 'error'; error: unknown };

/** The synchronous answer (the scope shrank below the threshold meanwhile), paged like a job's; its rows show the lint's sentences. */
function pageOfResult(result: LintResult, view: FindingsView): FindingsPageOfJob {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of result.findings) counts[finding.severity]++;
  return { ...filterFindings(result.findings, view), counts, namespaces: namespacesOf(result.findings), finding_count: result.findings.length, facts: {} };
}

export function useLintJobQuery(scope: string, view: FindingsView): { state: LintJobState; jobId: string | null; relint: () => void } {
  const queryClient = useQueryClient();
  const start = useQuery({
    queryKey: lintStartKey(scope),
    queryFn: () => apiFetch<LintStartAnswer>('/v1/lint', { method: 'POST', body: { scope } }),
    staleTime: Infinity,
    gcTime: 15 * 60_000,
  });
  const jobId = start.data && 'job_id' in start.data ? start.data.job_id : null;
  const job = useQuery({
    queryKey: lintJobPageKey(jobId, view),
    queryFn: () => apiFetch<JobFindingsPage>(`/api/lint-jobs/${encodeURIComponent(jobId!)}/findings?${viewParams(view)}`),
    enabled: jobId !== null,
    staleTime: Infinity,
    gcTime: 15 * 60_000,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey.at(-2) === jobId ? keepPreviousData(previous) : undefined),
    refetchInterval: (query) => (query.state.data?.job.status === 'done' || query.state.data?.job.status === 'failed' ? false : pollDelayMs(query.state.dataUpdateCount)),
  });

  const relint = () => void queryClient.resetQueries({ queryKey: lintStartKey(scope) });

  let state: LintJobState;
  if (start.error) state = { phase: 'error', error: start.error };
  else if (!start.data) state = { phase: 'starting' };
  else if (!('job_id' in start.data)) state = { phase: 'done', page: pageOfResult(start.data, view), factCount: start.data.fact_count, checkedAt: start.data.checked_at };
  else if (job.error) state = { phase: 'error', error: job.error };
  else if (job.data?.job.status === 'failed') state = { phase: 'failed', reason: job.data.job.error ?? 'the job failed' };
  else if (job.data?.job.status === 'done' && job.data.page) {
    state = { phase: 'done', page: job.data.page, factCount: job.data.job.fact_count ?? 0, checkedAt: job.data.job.checked_at ?? job.data.job.finished_at! };
  } else state = { phase: 'running', job: job.data?.job ?? null, estimatedS: start.data.estimated_s };
  return { state, jobId, relint };
}
