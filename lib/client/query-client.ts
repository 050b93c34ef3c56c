import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client';

// Dashboard defaults (docs/architecture.md § Conventions): no refetch on window focus, no retry on 4xx (asking again will
// not change the answer); other failures are retried twice. Mutations are never retried.

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
