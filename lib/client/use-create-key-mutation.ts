'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiKeyRecord } from '@/lib/auth/api-key-record';
import type { createKeySchema } from '@/lib/auth/create-api-key';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

export type CreateKeyInput = z.input<typeof createKeySchema>;
/** `key` is present when the node generated the secret: the only time it is ever shown. */
export type CreatedKey = ApiKeyRecord & { key?: string };

/** POST /v1/auth/keys (admin). */
export function useCreateKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateKeyInput) => apiFetch<CreatedKey>('/v1/auth/keys', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.keys }),
  });
}
