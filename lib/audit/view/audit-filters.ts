import { FACT_SCOPES, type FactScope } from '../../facts/scope';

// The audit page's filters, from its URL (a plain GET form): what GET /v1/audit and its export take,
// with the period as a choice of days instead of two instants. Anything unknown falls back to "all".

export const AUDIT_PERIODS = [1, 7, 30, 90, 365] as const;
export const AUDIT_OUTCOMES = ['success', 'denied', 'failure'] as const;

export interface AuditFilters {
  scope: FactScope | null;
  actor: string | null;
  /** An action or its family (`key`). */
  action: string | null;
  outcome: (typeof AUDIT_OUTCOMES)[number] | null;
  /** Entries of the last this many days; null = all that retention kept. */
  days: number | null;
  cursor: string | null;
}

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || null;

export function parseAuditFilters(params: Params): AuditFilters {
  const scope = one(params.scope);
  const action = one(params.action);
  const outcome = one(params.outcome);
  const days = Number(one(params.days));
  return {
    scope: FACT_SCOPES.find((s) => s === scope) ?? null,
    actor: one(params.actor)?.slice(0, 2048) ?? null,
    action: action && /^[a-z_]+(\.[a-z_]+)*$/.test(action) && action.length <= 100 ? action : null,
    outcome: AUDIT_OUTCOMES.find((o) => o === outcome) ?? null,
    days: (AUDIT_PERIODS as readonly number[]).includes(days) ? days : null,
    cursor: one(params.cursor)?.slice(0, 200) ?? null,
  };
}

/** The filters as the API's query parameters (`since` from the period), without the cursor. */
export function auditApiParams(filters: AuditFilters, now: Date): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.scope) params.scope = filters.scope;
  if (filters.actor) params.actor = filters.actor;
  if (filters.action) params.action = filters.action;
  if (filters.outcome) params.outcome = filters.outcome;
  if (filters.days) params.since = new Date(now.getTime() - filters.days * 86400_000).toISOString();
  return params;
}

/** The page's own URL for these filters (a cursor for a later page). */
export function auditHref(filters: AuditFilters, cursor: string | null = null): string {
  const params = new URLSearchParams();
  if (filters.scope) params.set('scope', filters.scope);
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.action) params.set('action', filters.action);
  if (filters.outcome) params.set('outcome', filters.outcome);
  if (filters.days) params.set('days', String(filters.days));
  if (cursor) params.set('cursor', cursor);
  return params.size ? `/audit?${params}` : '/audit';
}
