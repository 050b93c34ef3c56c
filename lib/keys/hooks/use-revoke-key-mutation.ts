'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

/** DELETE /v1/auth/keys/:id (admin): 204; the key's sessions end with it. */
export function useRevokeKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiFetch<void>(`/v1/auth/keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.keys }),
  });
}
