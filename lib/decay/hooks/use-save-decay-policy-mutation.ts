'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecayPolicy, DecayPolicyInput } from '@/lib/decay/decay-policy';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/**
 * POST /v1/decay/policies (create, 201) or PUT /v1/decay/policies/:id (replace), admin. 409 for an
 * existing id or an environment policy; 422 with the field in `detail` for an invalid policy.
 * Every dry run depends on the policies, so the whole ['decay'] prefix is refreshed.
 */
export function useSaveDecayPolicyMutation(editingId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecayPolicyInput) =>
      editingId
        ? apiFetch<DecayPolicy>(`/v1/decay/policies/${encodeURIComponent(editingId)}`, { method: 'PUT', body: input })
        : apiFetch<DecayPolicy>('/v1/decay/policies', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.decay }),
  });
}
