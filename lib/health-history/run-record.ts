import type { HealthRun } from '../generated/prisma/client';
import { type FindingCounts, severityTotals } from '../lint/finding-counts';
import { formatInstant, formatInstantOrNull } from '../time/instant';
import { heartbeatLapseMs } from '../db/instance';

// The JSON shape of a health run (GET /v1/health/runs, the MCP tool, the pages).

/** `replay`: computed afterwards from the log for its instant (replay-runs.ts), not recorded as it happened. */
export type RunTrigger = 'schedule' | 'change' | 'manual' | 'api' | 'replay';
export type RunStatus = 'running' | 'ok' | 'failed';

export const RUN_INTERRUPTED = 'interrupted: the server stopped before the run finished';

export interface HealthRunRecord {
  id: string;
  scope: string;
  trigger: RunTrigger;
  status: RunStatus;
  error: string | null;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  fact_count: number;
  live_value_count: number;
  entity_count: number;
  findings: FindingCounts;
  totals: { error: number; warning: number; info: number };
  score: number | null;
  pending_conflicts: number;
  aged_conflicts: number;
  mean_pending_age_days: number | null;
  dismissed_last_7_days: number;
  dismissed_prev_7_days: number;
  auto_resolved: number | null;
  decay_facts_written: number | null;
  new_count: number;
  fixed_count: number;
}

/** Runs beat while they go on; one not heard from for STIGMEM_HEARTBEAT_LAPSE_S was cut off (its instance stopped). */
export function lapsedBefore(now: Date): Date {
  return new Date(now.getTime() - heartbeatLapseMs());
}

export function toRunRecord(row: Omit<HealthRun, 'fingerprintSet' | 'newFindings' | 'fixedHashes'>, now = new Date()): HealthRunRecord {
  const stale = row.status === 'running' && (row.heartbeatAt ?? row.startedAt) < lapsedBefore(now);
  const findings = (row.findings ?? {}) as FindingCounts;
  return {
    id: row.id,
    scope: row.scope,
    trigger: row.trigger as RunTrigger,
    status: stale ? 'failed' : (row.status as RunStatus),
    error: stale ? RUN_INTERRUPTED : row.error,
    started_at: formatInstant(row.startedAt),
    finished_at: formatInstantOrNull(row.finishedAt),
    duration_ms: row.durationMs,
    fact_count: row.factCount,
    live_value_count: row.liveValueCount,
    entity_count: row.entityCount,
    findings,
    totals: severityTotals(findings),
    score: row.score,
    pending_conflicts: row.pendingConflicts,
    aged_conflicts: row.agedConflicts,
    mean_pending_age_days: row.meanPendingAgeDays,
    dismissed_last_7_days: row.dismissedLast7Days,
    dismissed_prev_7_days: row.dismissedPrev7Days,
    auto_resolved: row.autoResolved,
    decay_facts_written: row.decayFactsWritten,
    new_count: row.newCount,
    fixed_count: row.fixedCount,
  };
}
