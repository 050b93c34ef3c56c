import type { HistoryDay } from '../review-history';

// Review history (GET /v1/conflicts/history) as one tidy series per UTC day for the charts, summed
// over the scopes shown. Per metric, what a day without a sample means:
//   detected, resolved, dismissed  flows: nothing happened that day → 0
//   pending                        a level: no sample → gap (unknown, not "nothing pending")
//   mean pending age               no sample, or nothing pending → gap (an empty queue has no age)
// The mean age over several scopes is weighted by each scope's pending count.

export interface ReviewDayPoint {
  day: string;
  detected: number;
  resolved: number;
  dismissed: number;
  resolvedByBasis: HistoryDay['resolved_by_basis'];
  pending: number | null;
  meanAgeDays: number | null;
}

export const METRIC_MISSING: Record<'detected' | 'resolved' | 'dismissed' | 'pending' | 'meanAgeDays', 'zero' | 'gap'> = {
  detected: 'zero',
  resolved: 'zero',
  dismissed: 'zero',
  pending: 'gap',
  meanAgeDays: 'gap',
};

/** The `days` UTC days ending with `today` (YYYY-MM-DD), oldest first. */
export function dayRange(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: Math.max(0, days) }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function prepareReviewHistory(history: HistoryDay[], options: { today: string; days: number }): ReviewDayPoint[] {
  const byDay = new Map<string, HistoryDay[]>();
  for (const sample of history) byDay.set(sample.day, [...(byDay.get(sample.day) ?? []), sample]);
  return dayRange(options.today, options.days).map((day) => {
    const samples = byDay.get(day) ?? [];
    const sum = (pick: (s: HistoryDay) => number) => samples.reduce((acc, s) => acc + pick(s), 0);
    const pending = samples.length ? sum((s) => s.pending) : null;
    const aged = samples.filter((s) => s.mean_pending_age_days !== null && s.pending > 0);
    const agedCount = aged.reduce((acc, s) => acc + s.pending, 0);
    return {
      day,
      detected: sum((s) => s.detected),
      resolved: sum((s) => s.resolved),
      dismissed: sum((s) => s.dismissed),
      resolvedByBasis: {
        manual: sum((s) => s.resolved_by_basis.manual),
        evidence: sum((s) => s.resolved_by_basis.evidence),
        confidence: sum((s) => s.resolved_by_basis.confidence),
        retracted: sum((s) => s.resolved_by_basis.retracted),
      },
      pending,
      meanAgeDays: agedCount ? round1(aged.reduce((acc, s) => acc + s.mean_pending_age_days! * s.pending, 0) / agedCount) : null,
    };
  });
}

/** Totals over the range for the summary line: flows summed, levels from the last day. */
export function totalsOf(points: ReviewDayPoint[]) {
  return {
    detected: points.reduce((acc, p) => acc + p.detected, 0),
    resolved: points.reduce((acc, p) => acc + p.resolved, 0),
    dismissed: points.reduce((acc, p) => acc + p.dismissed, 0),
  };
}

/** "May 2" style axis labels, in UTC like the buckets. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
