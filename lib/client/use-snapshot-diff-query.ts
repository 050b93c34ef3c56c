'use client';

import { useQuery } from '@tanstack/react-query';
import type { FactValue } from '@/lib/facts/fact-value';
import type { SnapshotRecord } from '@/lib/synthesis/snapshots';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

export const DIFF_KINDS = ['added', 'removed', 'value_changed', 'newly_contradicted', 'no_longer_contradicted'] as const;
export type DiffKind = (typeof DIFF_KINDS)[number];

export interface DiffRow {
  entity: string;
  relation: string;
  from_value: FactValue | null;
  to_value: FactValue | null;
  from_confidence: number | null;
  to_confidence: number | null;
  from_contradicted: boolean | null;
  to_contradicted: boolean | null;
  conflict_id: string | null;
}

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
