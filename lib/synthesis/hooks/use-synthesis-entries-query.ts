'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SynthesisEntry } from '@/lib/synthesis/synthesis-request';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export interface SynthesisEntriesParams {
  scope: string;
  entity?: string | null;
  min_confidence: number;
  include_expired: boolean;
  /** Only the contradicted entries (the page's "Only contradicted" filter). */
  contradicted_only?: boolean;
  cursor?: string | null;
  limit: number;
}

export interface SynthesisEntriesPage {
  summary: SynthesisEntry[];
  next_cursor: string | null;
}

/**
 * POST /api/synthesis/entries (read on the scope): one page of entries and its `next_cursor`, without
 * the scope's totals (useSynthesisStatsQuery), so a large scope's entries never wait for a count.
 * Always refetched on mount: a conflict resolved on another page changes the entries.
 */
export function useSynthesisEntriesQuery(params: SynthesisEntriesParams) {
  return useQuery({
    queryKey: [...queryKeys.synthesisEntries, params],
    queryFn: () =>
      apiFetch<SynthesisEntriesPage>('/api/synthesis/entries', {
        method: 'POST',
        body: {
          scope: params.scope,
          min_confidence: params.min_confidence,
          include_expired: params.include_expired,
          limit: params.limit,
          ...(params.entity ? { entity: params.entity } : {}),
          ...(params.contradicted_only ? { contradicted_only: true } : {}),
          ...(params.cursor ? { cursor: params.cursor } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
