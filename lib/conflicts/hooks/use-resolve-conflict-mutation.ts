'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resolveBodySchema } from '@/lib/conflicts/resolve-conflict';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export type ResolveConflictInput = z.input<typeof resolveBodySchema>;
export interface ResolveConflictResult {
  resolution_fact_id: string;
  conflict_status: 'resolved';
}

export function resolveConflictRequest(conflictId: string, input: ResolveConflictInput): Promise<ResolveConflictResult> {
  return apiFetch<ResolveConflictResult>(`/v1/conflicts/${encodeURIComponent(conflictId)}/resolve`, { method: 'POST', body: input });
}

/** POST /v1/conflicts/:id/resolve: 409 when someone decided the conflict first. */
export function useResolveConflictMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conflictId, ...input }: ResolveConflictInput & { conflictId: string }) => resolveConflictRequest(conflictId, input),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.conflicts }), queryClient.invalidateQueries({ queryKey: queryKeys.facts })]),
  });
}
