'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkItem, BulkOutcome } from '@/lib/conflicts/view/bulk-accept';
import { suggestionNote } from '@/lib/conflicts/view/conflict-view';
import { ApiClientError, errorDetail } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';
import { resolveConflictRequest } from './use-resolve-conflict-mutation';

/**
 * Bulk accept: POST /v1/conflicts/:id/resolve for each item, one after the other (the node
 * serializes writes anyway), so one failure never hides the others. A 409 means someone decided
 * that conflict meanwhile; it is reported, not retried.
 */
export function useBulkAcceptMutation(onProgress?: (done: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: BulkItem[]): Promise<BulkOutcome[]> => {
      const outcomes: BulkOutcome[] = [];
      for (const item of items) {
        try {
          await resolveConflictRequest(item.conflictId, { winning_fact_id: item.winningFactId, resolution_note: suggestionNote(item), retract_losers: true });
          outcomes.push({ item, status: 'accepted' });
        } catch (error) {
          const already = error instanceof ApiClientError && error.status === 409;
          outcomes.push({ item, status: already ? 'already_decided' : 'failed', detail: errorDetail(error) });
        }
        onProgress?.(outcomes.length, items.length);
      }
      return outcomes;
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.conflicts }), queryClient.invalidateQueries({ queryKey: queryKeys.facts })]),
  });
}
