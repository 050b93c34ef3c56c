'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export interface ReopenConflictResult {
  conflict_id: string;
  cooldown_ended_at: string;
  /** The unresolved conflict for the pair when both values are still live, else null. */
  new_conflict_id: string | null;
  contradiction_id: string | null;
}

/** POST /v1/conflicts/:id/reopen: ends the pair's cooldown; 409 when the conflict is not decided. */
export function useReopenConflictMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conflictId: string) => apiFetch<ReopenConflictResult>(`/v1/conflicts/${encodeURIComponent(conflictId)}/reopen`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.conflicts }),
  });
}
