'use client';

import { useQuery } from '@tanstack/react-query';
import type { SnapshotRecord } from '@/lib/synthesis/snapshots';
import type { DiffKind, DiffRow } from '@/lib/synthesis/snapshot-diff';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export { DIFF_KINDS, type DiffKind, type DiffRow } from '@/lib/synthesis/snapshot-diff';

export type SnapshotDiff = { from: SnapshotRecord; to: SnapshotRecord; counts: Record<DiffKind, number> } & Record<DiffKind, DiffRow[]>;

/** GET /v1/synthesis/snapshots/diff?from=&to= (read): each list capped at `limit`, `counts` are the totals. */
export function useSnapshotDiffQuery(pair: { from: string; to: string } | null, limit = 200) {
  return useQuery({
    queryKey: [...queryKeys.snapshotDiff, pair, limit],
    queryFn: () => apiFetch<SnapshotDiff>(`/v1/synthesis/snapshots/diff?${new URLSearchParams({ from: pair!.from, to: pair!.to, limit: String(limit) })}`),
    enabled: !!pair,
    // Saved snapshots never change: a diff stays true.
    staleTime: Infinity,
  });
}
