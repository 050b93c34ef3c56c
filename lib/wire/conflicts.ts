import { z } from 'zod';
import { CONFLICT_ID_PATTERN, ConflictList, ConflictRecord, CONTRADICTION_ID_PATTERN, ContradictionList, ContradictionRecord, FactRecord, FactValue, HLC_PATTERN, isoInstant, Scope } from './records';

// Wire shapes of the review routes beyond the records: a conflict or contradiction with its
// history, review history, auto-resolve, scope settings and divergence across scopes.

const count = z.number().int().min(0);
const conflictId = z.string().regex(CONFLICT_ID_PATTERN);
const contradictionId = z.string().regex(CONTRADICTION_ID_PATTERN);

/** GET /v1/conflicts: the conflicts, or with group=triple the contradictions. */
export const ConflictQueue = z.union([ConflictList, ContradictionList]);

/** A decided record's decision in one place; null while it is open. */
const Resolution = z
  .object({
    basis: ConflictRecord.shape.resolution_basis,
    note: z.string().nullable(),
    by: z.string().nullable(),
    at: isoInstant.nullable(),
    cooldown_until: isoInstant.nullable().describe('The record does not reopen before this instant'),
    resolution_fact_id: z.string().nullable(),
  })
  .nullable();

const history = {
  history: z.array(FactRecord).describe("The triple's newest facts (at most 500), oldest first"),
  history_total: count.describe('Facts of the triple in all'),
  resolution: Resolution,
};

/** GET /v1/conflicts/{id} for a conflict id. */
export const ConflictDetail = ConflictRecord.extend({ contradiction: ContradictionRecord.nullable(), ...history });

/** GET /v1/conflicts/{id} for a contradiction id. */
export const ContradictionDetail = ContradictionRecord.extend({
  conflicts: z.array(ConflictRecord).describe('Its newest conflicts (at most 200), unresolved first'),
  conflicts_total: count,
  ...history,
});

export const ConflictOrContradiction = z.union([ConflictDetail, ContradictionDetail]);

const basisCounts = z.object({ manual: count, evidence: count, confidence: count, retracted: count });

const HistoryDay = z.object({
  scope: Scope,
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('UTC day'),
  detected: count,
  resolved: count,
  resolved_by_basis: basisCounts,
  dismissed: count,
  pending: count.describe('Pending at the end of the day'),
  mean_pending_age_days: z.number().min(0).nullable(),
});

const ReviewAlert = z.object({
  id: z.string().min(1),
  rule: z.object({ id: z.string().min(1), name: z.string().min(1), kind: z.enum(['pending_above', 'aged_above', 'false_alarms']) }),
  scope: Scope,
  level: z.enum(['critical', 'warning', 'info']),
  message: z.string().min(1),
});

/** GET /v1/conflicts/history. */
export const ReviewHistory = z.object({
  days: z.number().int().min(1),
  history: z.array(HistoryDay),
  summary: z.object({ pending: count, aged: count, dismissed_last_7_days: count, dismissed_previous_7_days: count, unresolved_conflicts: count }),
  alerts: z.array(ReviewAlert).describe('The open alerts of the review rules in these scopes'),
  alert_counts: z.object({ open: count, acknowledged: count, muted: count, resolved: count }),
});

const Planned = z.object({
  conflict_id: conflictId,
  contradiction_id: contradictionId,
  entity: z.string().min(1),
  relation: z.string().min(1),
  winning_fact_id: z.string().min(1),
  basis: z.enum(['evidence', 'confidence']),
  reason: z.string().min(1),
});

/** POST /v1/conflicts/auto-resolve. */
export const AutoResolveResult = z.object({
  scope: Scope,
  dry_run: z.boolean(),
  enabled: z.boolean(),
  budget: z.number().int().min(1),
  would_resolve: z.array(Planned).describe('Dry run only: what a run would resolve'),
  resolved: z.array(Planned.extend({ resolution_fact_id: z.string().min(1) })),
  skipped: z.array(Planned.extend({ why: z.string().min(1) })).describe('Decided meanwhile, or otherwise in conflict with the plan'),
});

const intervalSeconds = z.number().int().min(0).describe('Seconds between health runs (0: off)');

/** GET and PUT /v1/scopes/{scope}/settings. */
export const ScopeSettings = z.object({
  scope: Scope,
  auto_resolve: z.boolean(),
  auto_resolve_budget: z.number().int().min(1),
  lint_interval_s: intervalSeconds,
  decay_interval_s: intervalSeconds,
  auto_resolve_interval_s: intervalSeconds,
  injection_threshold: z.number().min(0).max(1),
  forbid_personal_data: z.boolean(),
  quarantine_flagged: z.boolean(),
  updated_by: z.string().nullable(),
  updated_at: isoInstant.nullable(),
});

const ScopeWinner = z.object({ scope: Scope, value: FactValue, confidence: z.number().min(0).max(1), fact_id: z.string().min(1), hlc: z.string().regex(HLC_PATTERN) });

/** GET /v1/divergence with entity and relation: that pair's winner in each readable scope. */
export const PairDivergence = z.object({ entity: z.string().min(1), relation: z.string().min(1), divergent: z.boolean(), scopes: z.array(ScopeWinner) });

/** GET /v1/divergence without relation: the pairs whose winners differ across readable scopes. */
export const DivergenceList = z.object({
  divergences: z.array(z.object({ entity: z.string().min(1), relation: z.string().min(1), scopes: z.array(ScopeWinner) })),
  total: count,
  offset: count,
  limit: z.number().int().min(1),
});

export const Divergence = z.union([PairDivergence, DivergenceList]);
