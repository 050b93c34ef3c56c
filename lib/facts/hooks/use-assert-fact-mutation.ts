'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FactRecord } from '@/lib/facts/fact-record';
import type { FactValue } from '@/lib/facts/fact-value';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export interface AssertFactInput {
  entity: string;
  relation: string;
  value: FactValue;
  scope: string;
  source: string;
  confidence?: number;
}

/** POST /v1/facts (one fact). Afterwards cached facts, conflicts and lint results are stale. */
export function useAssertFactMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssertFactInput) => apiFetch<FactRecord>('/v1/facts', { method: 'POST', body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.facts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.conflicts }),
        queryClient.resetQueries({ queryKey: queryKeys.lint }),
      ]),
  });
}
