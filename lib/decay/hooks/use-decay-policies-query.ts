'use client';

import { useQuery } from '@tanstack/react-query';
import type { DecayPolicy } from '@/lib/decay/decay-policy';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/** GET /v1/decay/policies (read): environment policies first, then stored ones by id. */
export function useDecayPoliciesQuery(options: { initialData?: DecayPolicy[] } = {}) {
  return useQuery({
    queryKey: queryKeys.decayPolicies,
    queryFn: async () => (await apiFetch<{ policies: DecayPolicy[] }>('/v1/decay/policies')).policies,
    initialData: options.initialData,
  });
}
