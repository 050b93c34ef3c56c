'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobRecord } from '@/lib/jobs/jobs';
import type { LintResult } from '@/lib/lint/lint-request';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

// A large scope's lint (§14.5): POST /v1/lint answers 202 with a job id; GET /v1/lint/jobs/:id is
// polled until the job is done or failed. Both live in the query cache, so a filter or page change
// (a new URL, which may remount the page) reuses the finished job instead of linting again.

type StartAnswer = { job_id: string; status: 'pending'; estimated_s: number } | LintResult;
export type LintJob = JobRecord & Partial<LintResult>;

const POLL_MS = 750;

export type LintJobState =
  | { phase: 'starting' }
  | { phase: 'running'; job: LintJob | null; estimatedS: number }
  | { phase: 'done'; result: LintResult; job: LintJob | null }
  | { phase: 'failed'; reason: string }
  | { phase: 'error'; error: unknown };

export function lintStartKey(scope: string) {
  return [...queryKeys.lint, 'start', scope] as const;
}

export function useLintJobQuery(scope: string): { state: LintJobState; relint: () => void } {
  const queryClient = useQueryClient();
  const start = useQuery({
    queryKey: lintStartKey(scope),
    queryFn: () => apiFetch<StartAnswer>('/v1/lint', { method: 'POST', body: { scope } }),
    staleTime: Infinity,
    gcTime: 15 * 60_000,
  });
  const jobId = start.data && 'job_id' in start.data ? start.data.job_id : null;
  const job = useQuery({
    queryKey: [...queryKeys.lint, 'job', jobId],
    queryFn: () => apiFetch<LintJob>(`/v1/lint/jobs/${encodeURIComponent(jobId!)}`),
    enabled: jobId !== null,
    staleTime: Infinity,
    gcTime: 15 * 60_000,
    refetchInterval: (query) => (query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : POLL_MS),
  });

  const relint = () => void queryClient.resetQueries({ queryKey: lintStartKey(scope) });

  let state: LintJobState;
  if (start.error) state = { phase: 'error', error: start.error };
  else if (!start.data) state = { phase: 'starting' };
  // The scope shrank below the threshold meanwhile: the node answered synchronously.
  else if (!('job_id' in start.data)) state = { phase: 'done', result: start.data, job: null };
  else if (job.error) state = { phase: 'error', error: job.error };
  else if (job.data?.status === 'failed') state = { phase: 'failed', reason: job.data.error ?? 'the job failed' };
  else if (job.data?.status === 'done' && job.data.findings) {
    const { findings, checked_at, scope: jobScope, checks_run, fact_count } = job.data;
    state = { phase: 'done', result: { findings, checked_at: checked_at!, scope: jobScope, checks_run: checks_run!, fact_count: fact_count! }, job: job.data };
  } else state = { phase: 'running', job: job.data ?? null, estimatedS: start.data.estimated_s };
  return { state, relint };
}
