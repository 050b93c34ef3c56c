'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../client/api-client';

/** POST /api/session: exchanges an API key for the httpOnly session cookie. */
export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiFetch<{ signed_in: true }>('/api/session', { method: 'POST', body: { key } }),
    // Whatever was cached belonged to the previous identity.
    onSuccess: () => queryClient.clear(),
  });
}
