'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/** DELETE /v1/synthesis/snapshots/:id (write on its scope): 204. */
export function useDeleteSnapshotMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (snapshotId: string) => apiFetch<void>(`/v1/synthesis/snapshots/${encodeURIComponent(snapshotId)}`, { method: 'DELETE' }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.snapshots }), queryClient.invalidateQueries({ queryKey: queryKeys.snapshotDiff })]),
  });
}
