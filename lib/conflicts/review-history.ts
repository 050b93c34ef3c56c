import { readOnly } from '../db/read-only';
import type { FactScope } from '../facts/scope';
import { AGED_AFTER_DAYS } from './review-sql';
import { config } from '../config/config';

// Review history per scope and UTC day, computed from the conflict records themselves (no extra
// bookkeeping that could drift): detected, resolved by basis, dismissed (false alarms), pending at
// the end of the day and the mean age of what was pending. Plus the dashboard's alerts.

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

export function alertThresholds() {
  return { ...config().alertThresholds };
}

export async function reviewHistory(scopes: FactScope[], days: number) {
  return readOnly(async (tx) => {
    const now = new Date();
    const rows = await tx.$queryRaw<
      { scope: string; day: Date; detected: bigint; manual: bigint; evidence: bigint; confidence: bigint; retracted: bigint; dismissed: bigint; pending: bigint; mean_age: number | null }[]
    >`
      WITH days AS (
        SELECT d::date AS day,
          (d::date::timestamp AT TIME ZONE 'UTC') AS day_start,
          least((d::date::timestamp AT TIME ZONE 'UTC') + interval '1 day', ${now}::timestamptz) AS cut
        FROM generate_series((${now}::timestamptz AT TIME ZONE 'UTC')::date - ${days - 1}::int, (${now}::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day') d
      ),
      sc AS (SELECT unnest(${scopes}::text[]) AS scope)
      SELECT sc.scope, days.day,
        count(c.id) FILTER (WHERE c.detected_at >= days.day_start) AS detected,
        count(c.id) FILTER (WHERE c.resolved_at >= days.day_start AND c.resolved_at < days.cut AND c.resolution_basis = 'manual') AS manual,
        count(c.id) FILTER (WHERE c.resolved_at >= days.day_start AND c.resolved_at < days.cut AND c.resolution_basis = 'evidence') AS evidence,
        count(c.id) FILTER (WHERE c.resolved_at >= days.day_start AND c.resolved_at < days.cut AND c.resolution_basis = 'confidence') AS confidence,
        count(c.id) FILTER (WHERE c.resolved_at >= days.day_start AND c.resolved_at < days.cut AND c.resolution_basis = 'retracted') AS retracted,
        count(c.id) FILTER (WHERE c.resolved_at >= days.day_start AND c.resolved_at < days.cut AND c.resolution_basis = 'dismissed') AS dismissed,
        count(c.id) FILTER (WHERE c.resolved_at IS NULL OR c.resolved_at >= days.cut) AS pending,
        avg(extract(epoch FROM (days.cut - c.detected_at)) / 86400) FILTER (WHERE c.resolved_at IS NULL OR c.resolved_at >= days.cut) AS mean_age
      FROM sc CROSS JOIN days
      LEFT JOIN conflicts c ON c.scope = sc.scope AND c.detected_at < days.cut
      GROUP BY sc.scope, days.day ORDER BY sc.scope, days.day`;
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
    const [current] = await tx.$queryRaw<{ pending: bigint; aged: bigint; dismissed_week: bigint; dismissed_prev_week: bigint }[]>`
      SELECT count(*) FILTER (WHERE status = 'unresolved') AS pending,
        count(*) FILTER (WHERE status = 'unresolved' AND detected_at < ${new Date(now.getTime() - AGED_AFTER_DAYS * 86400_000)}) AS aged,
        count(*) FILTER (WHERE resolution_basis = 'dismissed' AND resolved_at >= ${new Date(now.getTime() - 7 * 86400_000)}) AS dismissed_week,
        count(*) FILTER (WHERE resolution_basis = 'dismissed' AND resolved_at >= ${new Date(now.getTime() - 14 * 86400_000)} AND resolved_at < ${new Date(now.getTime() - 7 * 86400_000)}) AS dismissed_prev_week
      FROM conflicts WHERE scope = ANY(${scopes}::text[])`;
    const thresholds = alertThresholds();
    const summary = { pending: Number(current.pending), aged: Number(current.aged), dismissed_last_7_days: Number(current.dismissed_week), dismissed_previous_7_days: Number(current.dismissed_prev_week) };
    const alerts: { code: string; message: string }[] = [];
    if (summary.pending > thresholds.pending) alerts.push({ code: 'pending_high', message: `${summary.pending} contradictions wait for review (alert above ${thresholds.pending})` });
    if (summary.aged > thresholds.aged) alerts.push({ code: 'aged', message: `${summary.aged} contradictions are unresolved for more than ${AGED_AFTER_DAYS} days` });
    if (summary.dismissed_last_7_days >= thresholds.false_alarms_per_week && summary.dismissed_last_7_days > summary.dismissed_previous_7_days) {
      alerts.push({ code: 'false_alarms_rising', message: `${summary.dismissed_last_7_days} false alarms dismissed this week, up from ${summary.dismissed_previous_7_days}` });
    }
    return { days, history, summary, thresholds, alerts };
  });
}
