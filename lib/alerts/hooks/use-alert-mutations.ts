'use client';

import { useRefreshingMutation } from '@/lib/client/use-refreshing-mutation';
import type { AlertRuleRecord } from '../rule-store';

/** POST /v1/alerts/:id/acknowledge with an optional note. */
export const useAcknowledgeMutation = (alertId: string) =>
  useRefreshingMutation((note: string | null) => ({ path: `/v1/alerts/${encodeURIComponent(alertId)}/acknowledge`, method: 'POST', body: { note } }));

/** POST /v1/alerts/acknowledge: many alerts by id, or a rule's open alerts on a scope, in one transaction. */
export const useAcknowledgeManyMutation = () =>
  useRefreshingMutation((body: { ids: string[]; note?: string | null } | { rule_id: string; scope: string; note?: string | null }) => ({ path: '/v1/alerts/acknowledge', method: 'POST', body }));

/** POST /v1/alerts/rules/:id/mute until an instant, on one scope. */
export const useMuteMutation = (ruleId: string) =>
  useRefreshingMutation((body: { scope: string; until: string; reason: string | null }) => ({ path: `/v1/alerts/rules/${encodeURIComponent(ruleId)}/mute`, method: 'POST', body }));

/** DELETE /v1/alerts/rules/:id/mute?scope=: ends the mute now. */
export const useUnmuteMutation = (ruleId: string) =>
  useRefreshingMutation((scope: string) => ({ path: `/v1/alerts/rules/${encodeURIComponent(ruleId)}/mute?scope=${encodeURIComponent(scope)}`, method: 'DELETE' }));

/** PUT /v1/alerts/rules/:id with the rule as it is and `enabled` flipped. */
export const useToggleRuleMutation = () =>
  useRefreshingMutation(({ id, name, kind, scope, check, severity, threshold, level, enabled }: AlertRuleRecord) => ({
    path: `/v1/alerts/rules/${encodeURIComponent(id)}`,
    method: 'PUT',
    body: { name, kind, scope, check, severity, threshold, level, enabled: !enabled },
  }));
