import { describe, expect, it } from 'vitest';
import type { HealthRunRecord } from '../health-history/run-record';
import { type Baselines, measureRule, type RuleShape } from './rule-conditions';

const run = (over: Partial<HealthRunRecord> = {}): HealthRunRecord => ({
  id: 'r', scope: 'team', trigger: 'schedule', status: 'ok', error: null, started_at: '', finished_at: '', duration_ms: 1200,
  fact_count: 10, live_value_count: 10, entity_count: 3, findings: { contradiction: { error: 2 }, namespacing: { warning: 4 } },
  totals: { error: 2, warning: 4, info: 0 }, score: 68, pending_conflicts: 11, aged_conflicts: 0, mean_pending_age_days: 1,
  dismissed_last_7_days: 3, dismissed_prev_7_days: 3, auto_resolved: null, decay_facts_written: null, new_count: 0, fixed_count: 0, ...over,
});
const rule = (kind: RuleShape['kind'], threshold: number, check: string | null = null, severity: string | null = null): RuleShape => ({ kind, threshold, check, severity });

/** The default rules of a fresh node (lib/alerts/rule-store.ts ensureDefaultRules) with their default thresholds. */
const DEFAULTS = [rule('pending_above', 10), rule('aged_above', 0), rule('false_alarms', 3), rule('run_slower_than', 30), rule('run_failed', 0)];

/**
 * Runs one series through a rule as evaluate.ts does: each run against the one before and the one 7
 * days (here: 28 runs of 6 h) before; alerts are followed from run `from` on (nothing open then).
 */
function replay(r: RuleShape, series: HealthRunRecord[], from = 0): { opened: number[]; open: boolean } {
  let open = false;
  const opened: number[] = [];
  series.forEach((current, i) => {
    if (i < from) return;
    const baselines: Baselines = { previous: series[i - 1] ?? null, weekBefore: i >= 28 ? series[i - 28] : null };
    const m = measureRule(r, current, baselines);
    if (!m) return;
    if (!open && m.opens) {
      open = true;
      opened.push(i);
    } else if (open && !m.holds) open = false;
  });
  return { opened, open };
}

/** A scope with nothing wrong: no findings, no contradictions, no dismissals, every 6 h for 3 weeks. */
const cleanSeries = Array.from({ length: 84 }, (_, i) =>
  run({ id: `c${i}`, scope: 'public', findings: {}, totals: { error: 0, warning: 0, info: 0 }, score: 100, pending_conflicts: 0, aged_conflicts: 0, dismissed_last_7_days: 0, dismissed_prev_7_days: 0, duration_ms: 300 }),
);

/**
 * A scope cleaned up by its people: 75 contradictions pending (40 aged) for two weeks, then over the
 * last week they dismiss 10 false alarms and resolve the rest, down to an empty queue.
 */
const cleanupSeries = Array.from({ length: 84 }, (_, i) => {
  const cleaning = Math.max(0, i - 56); // the last 28 runs
  const pending = Math.max(0, 75 - cleaning * 3);
  const dismissed = Math.min(10, Math.floor(cleaning / 2));
  return run({ id: `u${i}`, findings: pending ? { contradiction: { error: pending } } : {}, pending_conflicts: pending, aged_conflicts: Math.round((pending * 40) / 75), score: 100 - Math.round(pending / 3), dismissed_last_7_days: dismissed, dismissed_prev_7_days: 0 });
});

describe('alert rule conditions', () => {
  it('compares each measure with its threshold', () => {
    expect(measureRule(rule('score_below', 70), run())?.holds).toBe(true);
    expect(measureRule(rule('score_below', 68), run())?.holds).toBe(false);
    expect(measureRule(rule('pending_above', 10), run())).toMatchObject({ holds: true, opens: true, value: 11 });
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

  it('false alarms must reach the threshold, rise, and come with a queue that does not shrink', () => {
    expect(measureRule(rule('false_alarms', 3), run())?.holds).toBe(false);
    expect(measureRule(rule('false_alarms', 3), run({ dismissed_prev_7_days: 1 }))?.holds).toBe(true);
    // The same dismissals while the queue fell over the week: clean-up.
    const cleanup = measureRule(rule('false_alarms', 3), run({ dismissed_prev_7_days: 1 }), { weekBefore: run({ pending_conflicts: 40 }) });
    expect(cleanup).toMatchObject({ holds: false, message: expect.stringContaining('shrank from 40 to 11') });
    // A queue that grew or held while people dismissed: the detector is noisy.
    expect(measureRule(rule('false_alarms', 3), run({ dismissed_prev_7_days: 1 }), { weekBefore: run({ pending_conflicts: 11 }) })?.holds).toBe(true);
    // No run a week old and an empty queue: the dismissals emptied it.
    expect(measureRule(rule('false_alarms', 3), run({ dismissed_prev_7_days: 0, pending_conflicts: 0 }))?.holds).toBe(false);
  });

  it('holds but does not open while the measure improves since the previous run', () => {
    const falling = measureRule(rule('pending_above', 10), run({ pending_conflicts: 30 }), { previous: run({ pending_conflicts: 45 }) });
    expect(falling).toMatchObject({ holds: true, opens: false });
    expect(measureRule(rule('pending_above', 10), run({ pending_conflicts: 30 }), { previous: run({ pending_conflicts: 30 }) })).toMatchObject({ holds: true, opens: true });
    expect(measureRule(rule('score_below', 90), run({ score: 70 }), { previous: run({ score: 60 }) })).toMatchObject({ holds: true, opens: false });
    expect(measureRule(rule('score_below', 90), run({ score: 70 }), { previous: run({ score: 75 }) })).toMatchObject({ holds: true, opens: true });
    expect(measureRule(rule('findings_above', 0, 'contradiction'), run(), { previous: run({ findings: { contradiction: { error: 5 } } }) })).toMatchObject({ holds: true, opens: false });
  });

  it('a failed run only speaks to run_failed', () => {
    const failed = run({ status: 'failed', error: 'boom' });
    expect(measureRule(rule('pending_above', 0), failed)).toBeNull();
    expect(measureRule(rule('run_failed', 0), failed)).toMatchObject({ holds: true, opens: true });
    expect(measureRule(rule('run_failed', 0), run())?.holds).toBe(false);
  });

  it.each(DEFAULTS.map((r) => [r.kind, r] as const))('default %s never opens on a clean scope', (_kind, r) => {
    expect(replay(r, cleanSeries).opened).toEqual([]);
  });

  it.each(DEFAULTS.map((r) => [r.kind, r] as const))('default %s opens nothing during a clean-up and ends clear', (_kind, r) => {
    // Start the replay once the clean-up has begun: whatever was open before is not at issue.
    const result = replay(r, cleanupSeries, 57);
    expect(result.opened).toEqual([]);
    expect(result.open).toBe(false);
  });

  it('the clean-up series as a whole: alerts open while the backlog sits, and every one ends with it', () => {
    for (const r of DEFAULTS) expect(replay(r, cleanupSeries).open, r.kind).toBe(false);
    expect(replay(rule('pending_above', 10), cleanupSeries).opened).toEqual([0]);
    // The clean-up week has the dismissals false_alarms counts (≥ 3 and rising); only the queue condition keeps it quiet.
    const last = cleanupSeries.at(-1)!;
    expect(last.dismissed_last_7_days).toBeGreaterThanOrEqual(3);
    expect(measureRule(rule('false_alarms', 3), last, { weekBefore: { ...last, pending_conflicts: 0 } })?.holds).toBe(true);
  });

  it('a "contradictions above the usual" rule (threshold = the scope’s median) stays quiet on a scope with no findings and while the count falls', () => {
    const usual = rule('findings_above', 0, 'contradiction');
    expect(replay(usual, cleanSeries).opened).toEqual([]);
    expect(replay(rule('findings_above', 38, 'contradiction'), cleanupSeries, 57).opened).toEqual([]);
  });
});
