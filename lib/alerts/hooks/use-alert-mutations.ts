'use client';

import { useRefreshingMutation } from '@/lib/client/use-refreshing-mutation';
import type { AlertRuleRecord } from '../rule-store';

/** POST /v1/alerts/:id/acknowledge with an optional note. */
export const useAcknowledgeMutation = (alertId: string) =>
  useRefreshingMutation((note: string | null) => ({ path: `/v1/alerts/${encodeURIComponent(alertId)}/acknowledge`, method: 'POST', body: { note } }));

/** PUT /v1/alerts/rules/:id with the rule as it is and `enabled` flipped. */
export const useToggleRuleMutation = () =>
  useRefreshingMutation(({ id, name, kind, scope, check, severity, threshold, enabled }: AlertRuleRecord) => ({
    path: `/v1/alerts/rules/${encodeURIComponent(id)}`,
    method: 'PUT',
    body: { name, kind, scope, check, severity, threshold, enabled: !enabled },
  }));
