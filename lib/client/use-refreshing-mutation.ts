'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { apiFetch } from '@/lib/client/api-client';

/** A dashboard action on server-rendered data: call the API, then re-render the page with fresh data. */
export function useRefreshingMutation<V>(request: (variables: V) => { path: string; method: string; body?: unknown }) {
  const router = useRouter();
  return useMutation({
    mutationFn: (variables: V) => {
      const { path, ...init } = request(variables);
      return apiFetch<unknown>(path, init);
    },
    onSuccess: () => router.refresh(),
  });
}
