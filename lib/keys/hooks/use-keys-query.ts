'use client';

import { useQuery } from '@tanstack/react-query';
import type { ApiKeyRecord } from '@/lib/keys/api-key-record';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/** GET /v1/auth/keys: active keys, newest first (admin). */
export function useKeysQuery(options: { initialData?: ApiKeyRecord[] } = {}) {
  return useQuery({
    queryKey: queryKeys.keys,
    queryFn: () => apiFetch<ApiKeyRecord[]>('/v1/auth/keys'),
    initialData: options.initialData,
  });
}
