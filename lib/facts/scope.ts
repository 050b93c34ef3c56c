import { z } from 'zod';

export const FACT_SCOPES = ['local', 'team', 'company', 'public'] as const;
export type FactScope = (typeof FACT_SCOPES)[number];

export const scopeSchema = z.enum(FACT_SCOPES, { error: () => `scope must be one of ${FACT_SCOPES.join(', ')}` });

export function isFactScope(value: unknown): value is FactScope {
  return typeof value === 'string' && (FACT_SCOPES as readonly string[]).includes(value);
}
