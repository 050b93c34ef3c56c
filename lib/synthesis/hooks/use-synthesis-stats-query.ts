'use client';

import { useQuery } from '@tanstack/react-query';
import type { StatsReading } from '@/lib/synthesis/synthesis-stats';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/** While a large scope's statistics are being recounted, how often the page asks again. */
const RECOUNT_POLL_MS = 2_000;

/**
 * GET /api/synthesis/stats: the scope's totals and confidence distribution. Statistics that no longer
 * hold (a large scope, recounting in the background) are shown with their time and asked for again
 * until the recount is in.
 */
export function useSynthesisStatsQuery(params: { scope: string; entity: string | null; include_expired: boolean }) {
  return useQuery({
    queryKey: [...queryKeys.synthesisStats, params],
    queryFn: () =>
      apiFetch<StatsReading>(
        `/api/synthesis/stats?${new URLSearchParams({ scope: params.scope, ...(params.entity ? { entity: params.entity } : {}), ...(params.include_expired ? { include_expired: '1' } : {}) })}`,
      ),
    refetchInterval: (query) => (query.state.data && !query.state.data.current ? RECOUNT_POLL_MS : false),
    staleTime: 0,
  });
}
