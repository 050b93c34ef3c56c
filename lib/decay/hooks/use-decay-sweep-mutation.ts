'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SweepResult } from '@/lib/decay/sweep-request';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export interface SweepInput {
  scope: string;
  fact_id?: string | null;
}

/** 200 with the counters, or 202 when the scope is above the async threshold: poll the job. */
export type SweepAnswer = SweepResult | { job_id: string; status: 'pending'; estimated_s: number };

export function isSweepJob(answer: SweepAnswer | undefined): answer is Extract<SweepAnswer, { job_id: string }> {
  return !!answer && 'job_id' in answer;
}

/** Everything a sweep can change on screen: previews, facts, conflicts it closed, syntheses. */
export function invalidateAfterSweep(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([queryKeys.decay, queryKeys.facts, queryKeys.conflicts, queryKeys.synthesis].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /v1/decay/sweep (write on the scope): applies the policies, optionally to one fact. */
export function useDecaySweepMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SweepInput) =>
      apiFetch<SweepAnswer>('/v1/decay/sweep', { method: 'POST', body: { scope: input.scope, ...(input.fact_id ? { fact_id: input.fact_id } : {}) } }),
    onSuccess: (answer) => (isSweepJob(answer) ? undefined : invalidateAfterSweep(queryClient)),
  });
}
