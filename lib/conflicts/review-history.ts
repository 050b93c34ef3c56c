import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import type { FactScope } from '../facts/scope';
import { countReviewQueue } from '../facts/count-review-queue';
import { reviewAlerts } from '../alerts/review-alerts';

// Review history per scope and UTC day, computed from the contradictions themselves (no extra
// bookkeeping that could drift), one per contradicted triple as the queue counts them: detected
// (opened), resolved by basis, dismissed (false alarms), pending at the end of the day and the mean
// age of what was pending. Plus the open alerts of the review rules (lib/alerts/review-alerts.ts):
// the same count as the header's, restricted to those rules and these scopes.

export interface HistoryDay {
  scope: string;
  day: string;
  detected: number;
  resolved: number;
  resolved_by_basis: { manual: number; evidence: number; confidence: number; retracted: number };
  dismissed: number;
  pending: number;
  mean_pending_age_days: number | null;
}

/**
 * One pass over the scopes' contradictions, not one per day: each is an event on the day it
 * opened (+1 pending, +its opening time) and, once decided, on the day it was resolved or
 * dismissed (−1, −its opening time; never before its opening); events before the first day fall
 * in the bucket before it. A day's detections and decisions are its own bucket's events; what was
 * pending at its end (and their mean age) is the running sum of every bucket up to it. The same
 * numbers as counting each day's contradictions (the test keeps that count as its reference), in time
 * that grows with them, not with them × days (3.6 s for 30 days of 450k conflicts, counted per day).
 */
export function historySql(scopes: FactScope[], days: number, now: Date): Prisma.Sql {
  return Prisma.sql`
    WITH days AS (
      SELECT d::date AS day,
        (d::date::timestamp AT TIME ZONE 'UTC') AS day_start,
        least((d::date::timestamp AT TIME ZONE 'UTC') + interval '1 day', ${now}::timestamptz) AS cut
      FROM generate_series((${now}::timestamptz AT TIME ZONE 'UTC')::date - ${days - 1}::int, (${now}::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day') d
    ),
    first_day AS (SELECT min(day) AS day FROM days),
    events AS (
      SELECT c.scope, c.opened_at AS at, 1 AS delta, extract(epoch FROM c.opened_at)::numeric AS since, NULL::text AS basis
      FROM contradictions c WHERE c.scope = ANY(${scopes}::text[]) AND c.opened_at < ${now}
      UNION ALL
      SELECT c.scope, greatest(c.resolved_at, c.opened_at), -1, -extract(epoch FROM c.opened_at)::numeric, c.resolution_basis
      FROM contradictions c WHERE c.scope = ANY(${scopes}::text[]) AND c.resolved_at IS NOT NULL AND greatest(c.resolved_at, c.opened_at) < ${now}
    ),
    buckets AS (
      SELECT e.scope, greatest((e.at AT TIME ZONE 'UTC')::date, (SELECT day FROM first_day) - 1) AS day,
        count(*) FILTER (WHERE e.delta = 1) AS detected,
        count(*) FILTER (WHERE e.basis = 'manual') AS manual,
        count(*) FILTER (WHERE e.basis = 'evidence') AS evidence,
        count(*) FILTER (WHERE e.basis = 'confidence') AS confidence,
        count(*) FILTER (WHERE e.basis = 'retracted') AS retracted,
        count(*) FILTER (WHERE e.basis = 'dismissed') AS dismissed,
        sum(e.delta) AS delta, sum(e.since) AS since
      FROM events e GROUP BY 1, 2
    ),
    grid AS (
      SELECT sc.scope, d.day, d.cut FROM unnest(${scopes}::text[]) AS sc(scope) CROSS JOIN (SELECT day, cut FROM days UNION ALL SELECT day - 1, NULL FROM first_day) d
    ),
    running AS (
      SELECT g.scope, g.day, g.cut, coalesce(b.detected, 0) AS detected, coalesce(b.manual, 0) AS manual, coalesce(b.evidence, 0) AS evidence,
        coalesce(b.confidence, 0) AS confidence, coalesce(b.retracted, 0) AS retracted, coalesce(b.dismissed, 0) AS dismissed,
        (sum(coalesce(b.delta, 0)) OVER w)::bigint AS pending, sum(coalesce(b.since, 0)) OVER w AS since
      FROM grid g LEFT JOIN buckets b ON b.scope = g.scope AND b.day = g.day
      WINDOW w AS (PARTITION BY g.scope ORDER BY g.day)
    )
    SELECT scope, day, detected, manual, evidence, confidence, retracted, dismissed, pending,
      CASE WHEN pending > 0 THEN ((extract(epoch FROM cut)::numeric * pending - since) / pending / 86400)::float8 END AS mean_age
    FROM running WHERE cut IS NOT NULL ORDER BY scope, day`;
}

export async function reviewHistory(scopes: FactScope[], days: number) {
  const computed = await readOnly(async (tx) => {
    const now = new Date();
    const rows = await tx.$queryRaw<
      { scope: string; day: Date; detected: bigint; manual: bigint; evidence: bigint; confidence: bigint; retracted: bigint; dismissed: bigint; pending: bigint; mean_age: number | null }[]
    >(historySql(scopes, days, now));
    const history: HistoryDay[] = rows.map((r) => {
      const resolved_by_basis = { manual: Number(r.manual), evidence: Number(r.evidence), confidence: Number(r.confidence), retracted: Number(r.retracted) };
      return {
        scope: r.scope,
        day: new Date(r.day).toISOString().slice(0, 10),
        detected: Number(r.detected),
        resolved: Object.values(resolved_by_basis).reduce((a, b) => a + b, 0),
        resolved_by_basis,
        dismissed: Number(r.dismissed),
        pending: Number(r.pending),
        mean_pending_age_days: r.mean_age === null ? null : Math.round(Number(r.mean_age) * 10) / 10,
      };
    });
    const current = await countReviewQueue(tx, scopes, now);
    const summary = { pending: current.contradicted_triples, aged: current.aged_contradictions, dismissed_last_7_days: current.dismissed_last_7_days, dismissed_previous_7_days: current.dismissed_prev_7_days, unresolved_conflicts: current.unresolved_conflicts };
    return { days, history, summary };
  });
  const alerts = await reviewAlerts(scopes);
  return { ...computed, alerts: alerts.open, alert_counts: alerts.counts };
}
