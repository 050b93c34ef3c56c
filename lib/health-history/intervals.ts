import { getDb } from '../db/prisma';
import { FACT_SCOPES, type FactScope } from '../facts/scope';

// How often the scheduler checks each scope, in seconds (0 = off). A scope setting (PUT
// /v1/scopes/:scope/settings) wins over the env default; the env default wins over the built-in one.

export interface ScopeIntervals {
  lint_interval_s: number;
  decay_interval_s: number;
  auto_resolve_interval_s: number;
}

function envSeconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

export function defaultIntervals(): ScopeIntervals {
  return {
    lint_interval_s: envSeconds('STIGMEM_LINT_INTERVAL', 900),
    decay_interval_s: envSeconds('STIGMEM_DECAY_INTERVAL', 0),
    auto_resolve_interval_s: envSeconds('STIGMEM_AUTO_RESOLVE_INTERVAL', 0),
  };
}

/** Days of full history; older runs are thinned to the last run of each UTC day. */
export function retentionDays(): number {
  const days = envSeconds('STIGMEM_HEALTH_RETENTION_DAYS', 90);
  return days > 0 ? days : 90;
}

export async function scopeIntervals(): Promise<Map<FactScope, ScopeIntervals & { auto_resolve: boolean }>> {
  const db = await getDb();
  const rows = await db.scopeSetting.findMany();
  const defaults = defaultIntervals();
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
