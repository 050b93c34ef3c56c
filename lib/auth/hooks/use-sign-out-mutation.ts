'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../client/api-client';

/** DELETE /api/session: ends the session and clears the cookie. */
export function useSignOutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ signed_in: false }>('/api/session', { method: 'DELETE' }),
    onSuccess: () => queryClient.clear(),
  });
}
