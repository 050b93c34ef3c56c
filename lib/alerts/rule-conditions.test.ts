import { describe, expect, it } from 'vitest';
import type { HealthRunRecord } from '../health-history/run-record';
import { measureRule } from './rule-conditions';

const run = (over: Partial<HealthRunRecord> = {}): HealthRunRecord => ({
  id: 'r', scope: 'team', trigger: 'schedule', status: 'ok', error: null, started_at: '', finished_at: '', duration_ms: 1200,
  fact_count: 10, live_value_count: 10, entity_count: 3, findings: { contradiction: { error: 2 }, namespacing: { warning: 4 } },
  totals: { error: 2, warning: 4, info: 0 }, score: 68, pending_conflicts: 11, aged_conflicts: 0, mean_pending_age_days: 1,
  dismissed_last_7_days: 3, dismissed_prev_7_days: 3, auto_resolved: null, decay_facts_written: null, new_count: 0, fixed_count: 0, ...over,
});
const rule = (kind: Parameters<typeof measureRule>[0]['kind'], threshold: number, check: string | null = null, severity: string | null = null) => ({ kind, threshold, check, severity });

describe('alert rule conditions', () => {
  it('compares each measure with its threshold', () => {
    expect(measureRule(rule('score_below', 70), run())?.holds).toBe(true);
    expect(measureRule(rule('score_below', 68), run())?.holds).toBe(false);
    expect(measureRule(rule('pending_above', 10), run())).toMatchObject({ holds: true, value: 11 });
    expect(measureRule(rule('aged_above', 0), run())?.holds).toBe(false);
    expect(measureRule(rule('run_slower_than', 1), run())).toMatchObject({ holds: true, value: 1.2 });
  });

  it('counts any check, with or without a severity', () => {
    expect(measureRule(rule('findings_above', 3, 'namespacing'), run())).toMatchObject({ holds: true, value: 4 });
    expect(measureRule(rule('findings_above', 0, 'namespacing', 'error'), run())).toMatchObject({ holds: false, value: 0 });
    expect(measureRule(rule('findings_above', 1, 'contradiction', 'error'), run())?.holds).toBe(true);
    expect(measureRule(rule('findings_above', 1, null, 'error'), run())).toMatchObject({ holds: true, value: 2, message: expect.stringContaining('2 error findings') });
    expect(measureRule(rule('findings_above', 5, null, null), run())).toMatchObject({ holds: true, value: 6 });
  });

  it('false alarms must reach the threshold and rise', () => {
    expect(measureRule(rule('false_alarms', 3), run())?.holds).toBe(false);
    expect(measureRule(rule('false_alarms', 3), run({ dismissed_prev_7_days: 1 }))?.holds).toBe(true);
  });

  it('a failed run only speaks to run_failed', () => {
    const failed = run({ status: 'failed', error: 'boom' });
    expect(measureRule(rule('pending_above', 0), failed)).toBeNull();
    expect(measureRule(rule('run_failed', 0), failed)).toMatchObject({ holds: true });
    expect(measureRule(rule('run_failed', 0), run())?.holds).toBe(false);
  });
});
