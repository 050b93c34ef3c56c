import { getDb } from '../db/prisma';
import { FACT_SCOPES, type FactScope } from '../facts/scope';
import { config } from '../config/config';

// How often the scheduler checks each scope, in seconds (0 = off). A scope setting (PUT
// /v1/scopes/:scope/settings) wins over the env default; the env default wins over the built-in one.

export interface ScopeIntervals {
  lint_interval_s: number;
  decay_interval_s: number;
  auto_resolve_interval_s: number;
}


export async function scopeIntervals(): Promise<Map<FactScope, ScopeIntervals & { auto_resolve: boolean }>> {
  const db = await getDb();
  const rows = await db.scopeSetting.findMany();
  const defaults = config().intervals;
  const result = new Map<FactScope, ScopeIntervals & { auto_resolve: boolean }>();
  for (const scope of FACT_SCOPES) {
    const row = rows.find((r) => r.scope === scope);
    result.set(scope, {
      auto_resolve: row?.autoResolve ?? false,
      lint_interval_s: row?.lintIntervalS ?? defaults.lint_interval_s,
      decay_interval_s: row?.decayIntervalS ?? defaults.decay_interval_s,
      auto_resolve_interval_s: row?.autoResolveIntervalS ?? defaults.auto_resolve_interval_s,
    });
  }
  return result;
}
