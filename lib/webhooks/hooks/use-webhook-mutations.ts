'use client';

import { useRefreshingMutation } from '@/lib/client/use-refreshing-mutation';

export const useAddWebhookMutation = () =>
  useRefreshingMutation((body: { url: string; secret: string; scopes: string[] }) => ({ path: '/v1/webhooks', method: 'POST', body }));

/** POST /v1/webhooks/:id/test (queued, sent in the background). */
export const useSendTestMutation = () => useRefreshingMutation((id: string) => ({ path: `/v1/webhooks/${encodeURIComponent(id)}/test`, method: 'POST' }));

export const useDeleteWebhookMutation = () => useRefreshingMutation((id: string) => ({ path: `/v1/webhooks/${encodeURIComponent(id)}`, method: 'DELETE' }));
