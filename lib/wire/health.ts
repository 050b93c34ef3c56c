import { z } from 'zod';
import { jobRecord } from './jobs';
import { LINT_CHECK_NAMES, SeverityCounts } from './lint';
import { isoInstant, Scope } from './records';

// Wire shapes of the health history (health runs, the summary charts, history rebuilds) and of
// the dashboard's health cards.

const count = z.number().int().min(0);

/** Findings counted by check × severity: any check name, as stored with the run. */
const FindingCounts = z.record(z.string(), z.record(z.string(), count)).describe('Findings by check, then by severity');
const score = z.number().int().min(0).max(100).nullable().describe('Health score 0–100; null while running or when the run failed');

export const HealthRun = z.object({
  id: z.string().min(1),
  scope: Scope,
  trigger: z.enum(['schedule', 'change', 'manual', 'api', 'replay']).describe('change: the scope was written since its last run (STIGMEM_CHANGE_RUN_S); replay: computed afterwards from the log for its instant'),
  status: z.enum(['running', 'ok', 'failed']),
  error: z.string().nullable(),
  started_at: isoInstant,
  finished_at: isoInstant.nullable(),
  duration_ms: count.nullable(),
  fact_count: count,
  live_value_count: count,
  entity_count: count,
  findings: FindingCounts,
  totals: SeverityCounts,
  score,
  pending_conflicts: count,
  aged_conflicts: count,
  mean_pending_age_days: z.number().min(0).nullable(),
  dismissed_last_7_days: count,
  dismissed_prev_7_days: count,
  auto_resolved: count.nullable(),
  decay_facts_written: count.nullable(),
  new_count: count.describe('Findings the previous run of the scope did not have'),
  fixed_count: count.describe('Findings of the previous run this one no longer has'),
});

export const HealthRunList = z.object({ runs: z.array(HealthRun), next_cursor: z.string().min(1).nullable() });

/** A finding's identity as a run keeps it: `h` is the 12-hex-digit hash of check, entity, relation, conflict and ref target. */
const CompactFinding = z.object({
  h: z.string().regex(/^[0-9a-f]{12}$/),
  check: z.string().min(1),
  severity: z.string().min(1),
  entity: z.string().min(1),
  relation: z.string().nullable(),
  conflict_id: z.string().optional(),
  ref_target: z.string().optional(),
});

export const HealthRunDetail = HealthRun.extend({
  previous_run_id: z.string().nullable(),
  new_findings: z.array(CompactFinding),
  fixed_findings: z.array(z.union([CompactFinding, z.object({ h: z.string().regex(/^[0-9a-f]{12}$/) })])).describe('A fixed finding older than the kept history is its hash alone'),
});

const SeriesPoint = z.object({
  run_id: z.string().min(1),
  at: isoInstant,
  status: z.enum(['ok', 'failed']),
  score,
  findings: FindingCounts,
  totals: SeverityCounts,
  pending_conflicts: count,
  aged_conflicts: count,
  duration_ms: count.nullable(),
  new_count: count,
  fixed_count: count,
});

export const HealthSummary = z.object({
  scopes: z.array(
    z.object({
      scope: Scope,
      range: z.enum(['7d', '30d', '90d']),
      latest: HealthRun.nullable(),
      score_change: z.number().int().nullable().describe('Score of the latest finished run minus the one before it'),
      checks: z.array(z.string()),
      series: z.array(SeriesPoint).max(2000),
    }),
  ),
});

/** GET /v1/health/history/jobs/:id: once done, the range replayed and what it changed. */
export const HistoryJob = jobRecord('history', {
  scope: Scope,
  from: isoInstant,
  to: isoInstant,
  runs: count.describe('Runs written, one per instant'),
  replaced: count.describe('Runs of the range that were replaced'),
  repaired: z.union([z.literal(0), z.literal(1)]).describe('1 when the first run after the range had its diff recomputed'),
});

/** GET /api/health: the dashboard's health card of each scope. */
export const ScopeHealth = z.object({
  scope: Scope,
  fact_count: count,
  value_count: count,
  live_value_count: count,
  entity_count: count,
  findings: SeverityCounts,
  by_check: z.strictObject(Object.fromEntries(LINT_CHECK_NAMES.map((check) => [check, count])) as Record<(typeof LINT_CHECK_NAMES)[number], typeof count>),
  by_namespace: z.array(SeverityCounts.extend({ namespace: z.string().describe('"" for entity-level findings') })).describe('Findings per relation namespace, most first'),
  score: z.number().int().min(0).max(100),
  checked_at: isoInstant,
});
export const ScopeHealthList = z.object({ scopes: z.array(ScopeHealth) });
