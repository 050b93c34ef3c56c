'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SynthesisResponse } from '@/lib/synthesis/synthesis-request';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export interface SynthesisParams {
  scope: string;
  entity?: string | null;
  min_confidence: number;
  include_expired: boolean;
  cursor?: string | null;
  limit: number;
}

/** A page of the synthesis: entries after the cursor plus the scope's totals. */
export type SynthesisPage = SynthesisResponse & { next_cursor: string | null; entry_count: number };

/**
 * POST /v1/synthesis with `limit` (read on the scope): one page and its `next_cursor`, never the
 * whole scope. Always refetched on mount: a conflict resolved on another page changes the entries.
 */
export function useSynthesisQuery(params: SynthesisParams) {
  return useQuery({
    queryKey: [...queryKeys.synthesisEntries, params],
    queryFn: () =>
      apiFetch<SynthesisPage>('/v1/synthesis', {
        method: 'POST',
        body: {
          scope: params.scope,
          min_confidence: params.min_confidence,
          include_expired: params.include_expired,
          limit: params.limit,
          ...(params.entity ? { entity: params.entity } : {}),
          ...(params.cursor ? { cursor: params.cursor } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
