'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FactRecord } from '@/lib/facts/fact-record';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/**
 * Retracts one value: reads the fact (GET /v1/facts/:id) and asserts the same entity, relation,
 * value and scope with confidence 0 (POST /v1/facts), under the signed-in caller's entity URI.
 * Afterwards every lint result is stale: cached lint jobs are dropped, so large scopes lint again.
 */
export function useRetractFactMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ factId, source }: { factId: string; source: string }) => {
      const fact = await apiFetch<FactRecord>(`/v1/facts/${encodeURIComponent(factId)}`);
      return apiFetch<FactRecord>('/v1/facts', {
        method: 'POST',
        body: { entity: fact.entity, relation: fact.relation, value: fact.value, scope: fact.scope, source, confidence: 0 },
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.facts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.conflicts }),
        queryClient.resetQueries({ queryKey: queryKeys.lint }),
      ]),
  });
}
