'use client';

import { useQuery } from '@tanstack/react-query';
import type { BootContext } from '@/lib/context/render-context';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export interface ContextParams {
  scope: string;
  entity?: string | null;
  min_confidence: number;
  namespaces: string[];
}

/** POST /v1/context (read on the scope): the Spec-19 BootContext an agent would receive. */
export function useContextQuery(params: ContextParams) {
  return useQuery({
    queryKey: [...queryKeys.context, params],
    queryFn: () =>
      apiFetch<BootContext>('/v1/context', {
        method: 'POST',
        body: {
          scope: params.scope,
          min_confidence: params.min_confidence,
          ...(params.entity ? { entity: params.entity } : {}),
          ...(params.namespaces.length ? { namespaces: params.namespaces } : {}),
        },
      }),
    staleTime: 0,
  });
}
