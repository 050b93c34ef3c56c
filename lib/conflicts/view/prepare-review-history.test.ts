import { describe, expect, it } from 'vitest';
import type { HistoryDay } from '../review-history';
import { dayRange, prepareReviewHistory, shortDay, totalsOf } from './prepare-review-history';

const sample = (scope: string, day: string, extra: Partial<HistoryDay> = {}): HistoryDay => ({
  scope,
  day,
  detected: 0,
  resolved: 0,
  resolved_by_basis: { manual: 0, evidence: 0, confidence: 0, retracted: 0 },
  dismissed: 0,
  pending: 0,
  mean_pending_age_days: null,
  ...extra,
});

describe('dayRange', () => {
  it('lists the UTC days ending today, oldest first, across a month end', () => {
    expect(dayRange('2026-03-01', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(dayRange('2026-03-01', 0)).toEqual([]);
  });
});

describe('prepareReviewHistory', () => {
  it('sums the scopes per day and weights the mean age by pending count', () => {
    const points = prepareReviewHistory(
      [
        sample('local', '2026-05-02', { detected: 2, resolved: 1, resolved_by_basis: { manual: 1, evidence: 0, confidence: 0, retracted: 0 }, pending: 3, mean_pending_age_days: 2 }),
        sample('team', '2026-05-02', { detected: 1, dismissed: 1, resolved: 2, resolved_by_basis: { manual: 0, evidence: 1, confidence: 1, retracted: 0 }, pending: 1, mean_pending_age_days: 6 }),
      ],
      { today: '2026-05-02', days: 1 },
    );
    expect(points).toEqual([
      { day: '2026-05-02', detected: 3, resolved: 3, dismissed: 1, resolvedByBasis: { manual: 1, evidence: 1, confidence: 1, retracted: 0 }, pending: 4, meanAgeDays: 3 },
    ]);
  });

  it('a day without a sample: flows are zero, pending and mean age are gaps', () => {
    const [missing, present] = prepareReviewHistory([sample('local', '2026-05-02', { pending: 2, mean_pending_age_days: 1.25 })], { today: '2026-05-02', days: 2 });
    expect(missing).toMatchObject({ day: '2026-05-01', detected: 0, resolved: 0, dismissed: 0, pending: null, meanAgeDays: null });
    expect(present).toMatchObject({ pending: 2, meanAgeDays: 1.3 });
  });

  it('nothing pending is a zero level but a gap in mean age', () => {
    const [point] = prepareReviewHistory([sample('local', '2026-05-02', { pending: 0, mean_pending_age_days: null })], { today: '2026-05-02', days: 1 });
    expect(point.pending).toBe(0);
    expect(point.meanAgeDays).toBeNull();
  });

  it('ignores samples outside the range', () => {
    expect(prepareReviewHistory([sample('local', '2026-04-01', { detected: 9 })], { today: '2026-05-02', days: 1 })[0].detected).toBe(0);
  });
});

describe('totals and labels', () => {
  it('sums the flows over the range', () => {
    const points = prepareReviewHistory([sample('local', '2026-05-01', { detected: 2 }), sample('local', '2026-05-02', { detected: 1, dismissed: 1 })], { today: '2026-05-02', days: 2 });
    expect(totalsOf(points)).toEqual({ detected: 3, resolved: 0, dismissed: 1 });
  });
  it('labels days in UTC', () => {
    expect(shortDay('2026-05-02')).toBe('May 2');
  });
});
