import { type FactScope, isFactScope } from '../../facts/scope';

// The review history page's URL: an optional scope and a day range from a short fixed list.

export const HISTORY_RANGES = [7, 14, 30, 90] as const;
export const DEFAULT_HISTORY_DAYS = 30;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function parseHistoryRange(params: Record<string, string | string[] | undefined>): { scope?: FactScope; days: number } {
  const scope = one(params.scope);
  const days = Number(one(params.days));
  return {
    ...(isFactScope(scope) ? { scope } : {}),
    days: (HISTORY_RANGES as readonly number[]).includes(days) ? days : DEFAULT_HISTORY_DAYS,
  };
}
