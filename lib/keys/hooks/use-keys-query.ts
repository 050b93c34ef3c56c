'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiKeyRecord } from '@/lib/keys/api-key-record';
import { apiFetchWithHeaders } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';
import { KEYS_PAGE_SIZE, type KeysPage } from '../keys-page';


/** GET /v1/auth/keys: one page of the active keys within the caller's scopes, newest first (admin). */
export function useKeysQuery(options: { cursor: string | null; initialData?: KeysPage }) {
  const params = new URLSearchParams({ limit: String(KEYS_PAGE_SIZE) });
  if (options.cursor) params.set('cursor', options.cursor);
  return useQuery({
    queryKey: [...queryKeys.keys, options.cursor],
    queryFn: async (): Promise<KeysPage> => {
      const { body, headers } = await apiFetchWithHeaders<ApiKeyRecord[]>(`/v1/auth/keys?${params}`);
      return { keys: body, next_cursor: headers.get('x-next-cursor') };
    },
    initialData: options.cursor === null ? options.initialData : undefined,
    placeholderData: keepPreviousData,
  });
}
