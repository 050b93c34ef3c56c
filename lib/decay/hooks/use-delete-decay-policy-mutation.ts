'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/** DELETE /v1/decay/policies/:id (admin): 204; 409 for an environment policy. */
export function useDeleteDecayPolicyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policyId: string) => apiFetch<void>(`/v1/decay/policies/${encodeURIComponent(policyId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.decay }),
  });
}
