'use client';

import { useQuery } from '@tanstack/react-query';
import type { SweepResult } from '@/lib/decay/sweep-request';
import type { JobRecord } from '@/lib/jobs/jobs';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/** A decay job; when done it also carries the sweep's counters. */
export type DecayJob = JobRecord & Partial<SweepResult>;

const POLL_MS = 1_000;

/** GET /v1/decay/jobs/:id, polled every second until the job is done or failed. */
export function useDecayJobQuery(jobId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.decayJob, jobId],
    queryFn: () => apiFetch<DecayJob>(`/v1/decay/jobs/${encodeURIComponent(jobId!)}`),
    enabled: !!jobId,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : POLL_MS),
  });
}
