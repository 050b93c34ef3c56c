'use client';

import { useQuery } from '@tanstack/react-query';
import type { SnapshotRecord } from '@/lib/synthesis/snapshots';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/** GET /v1/synthesis/snapshots?scope= (read): saved snapshots of the scope, newest first (at most 200). */
export function useSnapshotsQuery(scope: string) {
  return useQuery({
    queryKey: [...queryKeys.snapshots, scope],
    queryFn: async () => (await apiFetch<{ snapshots: SnapshotRecord[] }>(`/v1/synthesis/snapshots?scope=${encodeURIComponent(scope)}`)).snapshots,
  });
}
