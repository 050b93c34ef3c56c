'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UndoResult } from '@/lib/conflicts/undo-decision';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export type { UndoResult };

/** POST /v1/conflicts/:id/undo: the triple's values as they were before the decision, open again; 409 when it cannot be undone. */
export function useUndoDecisionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<UndoResult>(`/v1/conflicts/${encodeURIComponent(id)}/undo`, { method: 'POST' }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.conflicts }), queryClient.invalidateQueries({ queryKey: queryKeys.facts })]),
  });
}
