'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuarantineRecord } from '@/lib/quarantine/quarantine-record';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/** Everything a quarantine decision changes: what facts, conflicts and lint show. */
function useInvalidateReads() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.facts }),
      queryClient.invalidateQueries({ queryKey: queryKeys.conflicts }),
      queryClient.invalidateQueries({ queryKey: queryKeys.synthesis }),
      queryClient.resetQueries({ queryKey: queryKeys.lint }),
    ]);
}

/** POST /v1/quarantine: a moderator sends a fact to quarantine (409 when it already waits there). */
export function useSendToQuarantineMutation() {
  const invalidate = useInvalidateReads();
  return useMutation({
    mutationFn: (input: { factId: string; reason: string }) =>
      apiFetch<QuarantineRecord & { value_hidden: boolean }>('/v1/quarantine', { method: 'POST', body: { fact_id: input.factId, reason: input.reason } }),
    onSuccess: invalidate,
  });
}

export type QuarantineDecision = 'admit' | 'reject';

/** POST /v1/quarantine/:fact_id/admit|reject (409 when already decided). */
export function useDecideQuarantineMutation() {
  const invalidate = useInvalidateReads();
  return useMutation({
    mutationFn: (input: { factId: string; decision: QuarantineDecision; reason?: string }) =>
      apiFetch<QuarantineRecord>(`/v1/quarantine/${encodeURIComponent(input.factId)}/${input.decision}`, { method: 'POST', body: { reason: input.reason ?? '' } }),
    onSettled: invalidate,
  });
}
