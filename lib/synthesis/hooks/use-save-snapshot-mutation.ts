'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SnapshotRecord } from '@/lib/synthesis/snapshots';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/** POST /v1/synthesis/snapshots (write on the scope): stores the scope's current synthesis. */
export function useSaveSnapshotMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { scope: string; label: string | null }) => apiFetch<SnapshotRecord>('/v1/synthesis/snapshots', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.snapshots }),
  });
}
