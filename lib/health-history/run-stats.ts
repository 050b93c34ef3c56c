import type { Tx } from '../db/prisma';
import { readOnly } from '../db/read-only';
import { AGED_AFTER_DAYS } from '../conflicts/review-sql';
import { contradictedSql } from '../facts/contradiction-sql';
import type { FactScope } from '../facts/scope';

// The scope-level numbers a health run stores beside its findings: sizes (as the health card counts
// them) and the review queue, counted in contradicted triples (the unit a person decides: pending,
// aged, mean pending age) and their decisions (dismissals, for the false-alarm rule).

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

/** The same in a transaction of the caller's (a replay reads the state as of an instant in its own). */
export async function runStatsIn(tx: Tx, scope: FactScope, now: Date): Promise<RunStats> {
  const [sizes] = await tx.$queryRaw<{ facts: bigint; live: bigint | null; entities: bigint }[]>`
    SELECT (SELECT count(*) FROM facts WHERE scope = ${scope}) AS facts, sum(e.live) AS live, count(*) AS entities
    FROM (
      SELECT entity, count(*) FILTER (WHERE confidence > 0 AND (valid_until IS NULL OR valid_until >= ${now})) AS live
      FROM value_heads WHERE scope = ${scope} GROUP BY entity
    ) e`;
  const day = 86400_000;
  const [queue] = await tx.$queryRaw<{ pending: bigint; aged: bigint; mean_age: number | null; week: bigint; prev: bigint }[]>`
    SELECT count(*) FILTER (WHERE pending) AS pending,
      count(*) FILTER (WHERE pending AND opened_at < ${new Date(now.getTime() - AGED_AFTER_DAYS * day)}) AS aged,
      avg(extract(epoch FROM (${now}::timestamptz - opened_at)) / 86400) FILTER (WHERE pending) AS mean_age,
      count(*) FILTER (WHERE resolution_basis = 'dismissed' AND resolved_at >= ${new Date(now.getTime() - 7 * day)}) AS week,
      count(*) FILTER (WHERE resolution_basis = 'dismissed' AND resolved_at >= ${new Date(now.getTime() - 14 * day)} AND resolved_at < ${new Date(now.getTime() - 7 * day)}) AS prev
    FROM (SELECT x.opened_at, x.resolution_basis, x.resolved_at, ${contradictedSql('x', now)} AS pending FROM contradictions x WHERE x.scope = ${scope}) q`;
  return {
    fact_count: Number(sizes.facts),
    live_value_count: Number(sizes.live ?? 0),
    entity_count: Number(sizes.entities),
    pending_conflicts: Number(queue.pending),
    aged_conflicts: Number(queue.aged),
    mean_pending_age_days: queue.mean_age === null ? null : Math.round(Number(queue.mean_age) * 10) / 10,
    dismissed_last_7_days: Number(queue.week),
    dismissed_prev_7_days: Number(queue.prev),
  };
}
