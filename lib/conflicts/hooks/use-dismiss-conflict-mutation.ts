'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dismissBodySchema } from '@/lib/conflicts/dismiss-conflict';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export type DismissConflictInput = z.input<typeof dismissBodySchema>;
export interface DismissConflictResult {
  conflict_id: string;
  conflict_status: 'resolved';
  resolution_basis: 'dismissed';
}

/** POST /v1/conflicts/:id/dismiss: "not a contradiction"; 409 when already decided. */
export function useDismissConflictMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conflictId, ...input }: DismissConflictInput & { conflictId: string }) =>
      apiFetch<DismissConflictResult>(`/v1/conflicts/${encodeURIComponent(conflictId)}/dismiss`, { method: 'POST', body: input }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.conflicts }), queryClient.invalidateQueries({ queryKey: queryKeys.facts })]),
  });
}
