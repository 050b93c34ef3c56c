import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import type { Principal } from '../auth/principal';
import { getDb } from '../db/prisma';
import { type FactScope, scopeSchema } from '../facts/scope';
import { DomainError, conflict } from '../errors/domain-error';
import { resolveConflict } from './resolve-conflict';
import { reviewCte, suggestionOf } from './review-sql';
import { CONFLICT_ID_COLUMN, type ContradictionReviewRow } from './contradiction-record';
import { getScopeSettings } from './scope-settings';

// POST /v1/conflicts/auto-resolve (cron-friendly, like the decay sweep): applies suggested winners,
// aged contradictions first, one decision per contradicted triple, up to the scope's budget per run. Each resolution is its own transaction;
// only resolutions that went through count against the budget (one decided meanwhile is skipped).
// Off unless an admin turned it on for the scope; dry_run lists what it would do and writes nothing.

export const autoResolveSchema = z.object({
  scope: scopeSchema,
  dry_run: z.boolean().default(false),
  /** May lower the scope's budget for this run, never raise it. */
  budget: z.number().int().min(1).max(1000).optional(),
});

interface Planned {
  conflict_id: string;
  contradiction_id: string;
  entity: string;
  relation: string;
  winning_fact_id: string;
  basis: 'evidence' | 'confidence';
  reason: string;
}

async function candidates(scope: FactScope, limit: number): Promise<Planned[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<ContradictionReviewRow[]>(Prisma.sql`
    WITH ${reviewCte(new Date(), Prisma.sql`AND x.scope = ${scope} AND x.status = 'open'`)}
    SELECT review.*, ${CONFLICT_ID_COLUMN} FROM review WHERE suggestion_basis IS NOT NULL ORDER BY aged DESC, opened_at ASC, id LIMIT ${limit}`);
  return rows.map((row) => {
    const suggestion = suggestionOf(row)!;
    return {
      conflict_id: row.conflict_id ?? row.id,
      contradiction_id: row.id,
      entity: row.entity,
      relation: row.relation,
      winning_fact_id: suggestion.winning_fact_id,
      basis: suggestion.basis,
      reason: suggestion.reason,
    };
  });
}

export async function autoResolve(input: z.infer<typeof autoResolveSchema>, principal: Principal) {
  const settings = await getScopeSettings(input.scope);
  if (!input.dry_run && !settings.auto_resolve) {
    throw conflict('auto_resolve_disabled', `auto-resolve is off for scope ${input.scope}; an admin turns it on with PUT /v1/scopes/${input.scope}/settings`);
  }
  const budget = Math.min(input.budget ?? settings.auto_resolve_budget, settings.auto_resolve_budget);
  // Look a little past the budget so conflicts decided meanwhile do not use it up.
  const planned = await candidates(input.scope, input.dry_run ? budget : budget * 3);
  if (input.dry_run) return { scope: input.scope, dry_run: true, enabled: settings.auto_resolve, budget, would_resolve: planned, resolved: [], skipped: [] };
  const resolved: (Planned & { resolution_fact_id: string })[] = [];
  const skipped: (Planned & { why: string })[] = [];
  for (const item of planned) {
    if (resolved.length >= budget) break;
    try {
      const done = await resolveConflict(item.contradiction_id, { winning_fact_id: item.winning_fact_id, resolution_note: `auto-resolved (${item.basis}): ${item.reason}`, retract_losers: true }, principal, item.basis);
      resolved.push({ ...item, resolution_fact_id: done.resolution_fact_id });
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
      skipped.push({ ...item, why: error.message });
    }
  }
  return { scope: input.scope, dry_run: false, enabled: true, budget, would_resolve: [], resolved, skipped };
}
