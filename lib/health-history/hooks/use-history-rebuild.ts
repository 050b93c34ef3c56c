'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import type { JobRecord } from '@/lib/jobs/jobs';
import { apiFetch } from '../../client/api-client';

export interface RebuildBody {
  scope: string;
  from: string;
  to: string;
  every_hours: number;
}

export type HistoryJob = JobRecord & { runs?: number; replaced?: number; repaired?: number };

/** POST /v1/health/history/rebuild: starts the replay job. */
export const useStartRebuildMutation = () =>
  useMutation({ mutationFn: (body: RebuildBody) => apiFetch<{ job_id: string; estimated_s: number }>('/v1/health/history/rebuild', { method: 'POST', body }) });

/** GET /v1/health/history/jobs/:id, polled every second until the job is done or failed. */
export function useHistoryJobQuery(jobId: string | null) {
  return useQuery({
    queryKey: ['health-history', 'job', jobId],
    queryFn: () => apiFetch<HistoryJob>(`/v1/health/history/jobs/${encodeURIComponent(jobId!)}`),
    enabled: !!jobId,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : 1_000),
  });
}
