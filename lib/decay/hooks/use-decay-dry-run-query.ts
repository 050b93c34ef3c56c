'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DryRunResult } from '@/lib/decay/sweep-request';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export interface DryRunParams {
  scope: string;
  fact_id?: string | null;
  cursor?: string | null;
  limit?: number;
}

/**
 * POST /v1/decay/sweep with mode "dry_run" (write on the scope): writes nothing, answers at once
 * with counters, counts per policy, the histogram and one page of changes. A POST, but a read: it
 * is a query, keyed by its parameters; the previous page stays on screen while the next loads.
 */
export function useDecayDryRunQuery(params: DryRunParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...queryKeys.decayDryRun, params],
    queryFn: () =>
      apiFetch<DryRunResult>('/v1/decay/sweep', {
        method: 'POST',
        body: { scope: params.scope, mode: 'dry_run', limit: params.limit ?? 50, ...(params.fact_id ? { fact_id: params.fact_id } : {}), ...(params.cursor ? { cursor: params.cursor } : {}) },
      }),
    placeholderData: keepPreviousData,
    // A preview is of "now": come back to the page, see it recomputed.
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}
