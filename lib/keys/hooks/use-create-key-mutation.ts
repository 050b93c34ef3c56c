'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiKeyRecord } from '@/lib/keys/api-key-record';
import type { createKeySchema } from '@/lib/keys/create-api-key';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

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
