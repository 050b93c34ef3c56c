import type { Tx } from '../db/prisma';
import { readOnly } from '../db/read-only';
import { countReviewQueue, countReviewQueueFull } from '../facts/count-review-queue';
import { countScopeSizes } from '../facts/count-scope-sizes';
import type { FactScope } from '../facts/scope';

// The scope-level numbers a health run stores beside its findings: the scope's sizes and its review
// queue, counted by the same functions as the health card and the review history (lib/figures/), so
// a run, the overview, /metrics and the conflicts page report one figure each.

export interface RunStats {
  fact_count: number;
  live_value_count: number;
  entity_count: number;
  pending_conflicts: number;
  aged_conflicts: number;
  mean_pending_age_days: number | null;
  dismissed_last_7_days: number;
  dismissed_prev_7_days: number;
}

export function runStats(scope: FactScope, now: Date): Promise<RunStats> {
  return readOnly((tx) => runStatsIn(tx, scope, now));
}

/**
 * The same as of a past instant, in the caller's time-travel transaction (lib/time-travel/at-instant.ts):
 * the review queue from the definition over the replayed contradictions and heads, since the
 * maintained rows countReviewQueue reads hold the node's state now, not the instant's.
 */
export function replayedRunStats(tx: Tx, scope: FactScope, at: Date): Promise<RunStats> {
  return runStatsIn(tx, scope, at, countReviewQueueFull);
}

async function runStatsIn(tx: Tx, scope: FactScope, now: Date, countQueue: typeof countReviewQueue = countReviewQueue): Promise<RunStats> {
  const sizes = await countScopeSizes(tx, scope, now);
  const queue = await countQueue(tx, [scope], now);
  return {
    fact_count: sizes.fact_count,
    live_value_count: sizes.live_value_count,
    entity_count: sizes.entity_count,
    pending_conflicts: queue.contradicted_triples,
    aged_conflicts: queue.aged_contradictions,
    mean_pending_age_days: queue.mean_pending_age_days,
    dismissed_last_7_days: queue.dismissed_last_7_days,
    dismissed_prev_7_days: queue.dismissed_prev_7_days,
  };
}
