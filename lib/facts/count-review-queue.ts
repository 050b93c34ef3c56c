import type { Tx } from '../db/prisma';
import type { FactScope } from './scope';
import { contradictedSql } from './contradiction-sql';

// The review queue's figures (docs/semantics.md § Figures), counted in contradicted triples — the
// unit a person decides — for a health run, the review history's "now", the queue's total and
// /metrics (through the run): one statement, so "pending" is one number everywhere. Unresolved
// conflicts (the wire's records, one per value that joined) are counted beside it, under their own name.

/** A contradiction open for more than this many days is aged: flagged and sorted first. */
export const AGED_AFTER_DAYS = 14;

const DAY_MS = 86400_000;

export interface ReviewQueueFigures {
  /** Contradicted triples waiting for a decision. */
  contradicted_triples: number;
  aged_contradictions: number;
  mean_pending_age_days: number | null;
  unresolved_conflicts: number;
  dismissed_last_7_days: number;
  dismissed_prev_7_days: number;
}

export async function countReviewQueue(tx: Tx, scopes: readonly FactScope[], now: Date): Promise<ReviewQueueFigures> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const [row] = await tx.$queryRaw<{ pending: bigint; aged: bigint; mean_age: number | null; week: bigint; prev: bigint; conflicts: bigint }[]>`
    SELECT count(*) FILTER (WHERE pending) AS pending,
      count(*) FILTER (WHERE pending AND opened_at < ${ago(AGED_AFTER_DAYS)}) AS aged,
      avg(extract(epoch FROM (${now}::timestamptz - opened_at)) / 86400) FILTER (WHERE pending) AS mean_age,
      count(*) FILTER (WHERE resolution_basis = 'dismissed' AND resolved_at >= ${ago(7)}) AS week,
      count(*) FILTER (WHERE resolution_basis = 'dismissed' AND resolved_at >= ${ago(14)} AND resolved_at < ${ago(7)}) AS prev,
      (SELECT count(*) FROM conflicts c WHERE c.scope = ANY(${scopes as FactScope[]}::text[]) AND c.status = 'unresolved') AS conflicts
    FROM (SELECT x.opened_at, x.resolution_basis, x.resolved_at, ${contradictedSql('x', now)} AS pending FROM contradictions x WHERE x.scope = ANY(${scopes as FactScope[]}::text[])) q`;
  return {
    contradicted_triples: Number(row.pending),
    aged_contradictions: Number(row.aged),
    mean_pending_age_days: row.mean_age === null ? null : Math.round(Number(row.mean_age) * 10) / 10,
    unresolved_conflicts: Number(row.conflicts),
    dismissed_last_7_days: Number(row.week),
    dismissed_prev_7_days: Number(row.prev),
  };
}
