import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { getDb } from '../db/prisma';
import type { FactScope } from '../facts/scope';
import { formatInstantOrNull } from '../time/instant';
import { config } from '../config/config';

// Per-scope operator settings (admin). Auto-resolve is off unless an admin turns it on for a scope;
// its budget (suggestions applied per run) defaults to STIGMEM_AUTO_RESOLVE_BUDGET or 5.

const interval = z.number().int().min(0).max(7 * 86400).nullable().optional();

export const scopeSettingsSchema = z.object({
  auto_resolve: z.boolean().optional(),
  auto_resolve_budget: z.number().int().min(1).max(1000).optional(),
  /** Health-run intervals in seconds (0 = off, null = back to the env default); at most 7 days. */
  lint_interval_s: interval,
  decay_interval_s: interval,
  auto_resolve_interval_s: interval,
  /** Memory integrity (docs/decisions.md § Memory integrity): the injection score from which a value is a finding (null = STIGMEM_INJECTION_THRESHOLD). */
  injection_threshold: z.number().min(0.05).max(1).nullable().optional(),
  /** E-mail addresses and phone numbers are `sensitive` findings in this scope. */
  forbid_personal_data: z.boolean().optional(),
  /** A write the detectors flag goes to quarantine at once (Spec-08), out of every read until a moderator admits it. */
  quarantine_flagged: z.boolean().optional(),
});

export function defaultBudget(): number {
  return config().autoResolveBudget;
}

export async function getScopeSettings(scope: FactScope) {
  const db = await getDb();
  const row = await db.scopeSetting.findUnique({ where: { scope } });
  const defaults = config().intervals;
  return {
    scope,
    auto_resolve: row?.autoResolve ?? false,
    auto_resolve_budget: row?.autoResolveBudget ?? defaultBudget(),
    lint_interval_s: row?.lintIntervalS ?? defaults.lint_interval_s,
    decay_interval_s: row?.decayIntervalS ?? defaults.decay_interval_s,
    auto_resolve_interval_s: row?.autoResolveIntervalS ?? defaults.auto_resolve_interval_s,
    injection_threshold: row?.injectionThreshold ?? config().integrity.injectionThreshold,
    forbid_personal_data: row?.forbidPersonalData ?? false,
    quarantine_flagged: row?.quarantineFlagged ?? false,
    updated_by: row?.updatedBy ?? null,
    updated_at: formatInstantOrNull(row?.updatedAt),
  };
}

export async function updateScopeSettings(scope: FactScope, input: z.infer<typeof scopeSettingsSchema>, principal: Principal) {
  const db = await getDb();
  const data = {
    ...(input.auto_resolve === undefined ? {} : { autoResolve: input.auto_resolve }),
    ...(input.auto_resolve_budget === undefined ? {} : { autoResolveBudget: input.auto_resolve_budget }),
    ...(input.lint_interval_s === undefined ? {} : { lintIntervalS: input.lint_interval_s }),
    ...(input.decay_interval_s === undefined ? {} : { decayIntervalS: input.decay_interval_s }),
    ...(input.auto_resolve_interval_s === undefined ? {} : { autoResolveIntervalS: input.auto_resolve_interval_s }),
    ...(input.injection_threshold === undefined ? {} : { injectionThreshold: input.injection_threshold }),
    ...(input.forbid_personal_data === undefined ? {} : { forbidPersonalData: input.forbid_personal_data }),
    ...(input.quarantine_flagged === undefined ? {} : { quarantineFlagged: input.quarantine_flagged }),
    updatedBy: principal.entityUri,
  };
  await db.scopeSetting.upsert({ where: { scope }, create: { scope, autoResolveBudget: defaultBudget(), ...data }, update: data });
  return getScopeSettings(scope);
}
