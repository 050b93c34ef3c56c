'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FactRecord } from '@/lib/facts/fact-record';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/**
 * The namespacing remediation: for each live value of a bare relation (the finding's fact ids),
 * asserts the same value, confidence, expiry and scope under the prefixed relation, then retracts
 * the bare one (confidence 0), both under the signed-in caller's entity URI. The new value goes in
 * first, so the knowledge is never missing in between.
 */
export function usePrefixRelationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ factIds, relation, source }: { factIds: string[]; relation: string; source: string }) => {
      for (const factId of factIds) {
        const fact = await apiFetch<FactRecord>(`/v1/facts/${encodeURIComponent(factId)}`);
        const base = { entity: fact.entity, value: fact.value, scope: fact.scope, source };
        await apiFetch<FactRecord>('/v1/facts', { method: 'POST', body: { ...base, relation, confidence: fact.confidence, valid_until: fact.valid_until } });
        await apiFetch<FactRecord>('/v1/facts', { method: 'POST', body: { ...base, relation: fact.relation, confidence: 0 } });
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.facts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.conflicts }),
        queryClient.resetQueries({ queryKey: queryKeys.lint }),
      ]),
  });
}
