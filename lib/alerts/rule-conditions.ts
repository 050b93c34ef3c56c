import { checkTotal, type FindingCounts } from '../lint/finding-counts';

// What each kind of alert rule measures on a health run, and when its condition holds. Pure, so the
// lifecycle (lib/alerts/evaluate.ts) and the unit tests share it.

export const RULE_KINDS = ['score_below', 'findings_above', 'pending_above', 'aged_above', 'false_alarms', 'run_slower_than', 'run_failed'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export interface RuleShape {
  kind: RuleKind;
  check: string | null;
  severity: string | null;
  threshold: number;
}

/** What the rules read of a health run (a HealthRunRecord has these fields and more). */
export interface MeasuredRun {
  id: string;
  scope: string;
  trigger: string;
  status: string;
  error: string | null;
  score: number | null;
  findings: FindingCounts;
  pending_conflicts: number;
  aged_conflicts: number;
  dismissed_last_7_days: number;
  dismissed_prev_7_days: number;
  duration_ms: number | null;
}

export interface Measurement {
  holds: boolean;
  value: number;
  message: string;
}

/** null: the rule says nothing about this run (a failed run has no numbers; only run_failed reads it). */
export function measureRule(rule: RuleShape, run: MeasuredRun): Measurement | null {
  const { threshold: t } = rule;
  if (rule.kind === 'run_failed') {
    const failed = run.status === 'failed';
    return { holds: failed, value: failed ? 1 : 0, message: failed ? `the ${run.trigger} health run of ${run.scope} failed: ${run.error ?? 'no reason recorded'}` : `the health run of ${run.scope} succeeded` };
  }
  if (run.status !== 'ok') return null;
  switch (rule.kind) {
    case 'score_below': {
      const score = run.score ?? 100;
      return { holds: score < t, value: score, message: `health score of ${run.scope} is ${score} (alert below ${t})` };
    }
    case 'findings_above': {
      // No check = every check ("errors above N"); no severity = every severity.
      const checks = rule.check ? [rule.check] : Object.keys(run.findings);
      const n = checks.reduce((sum, check) => sum + checkTotal(run.findings, check, rule.severity), 0);
      const what = [rule.check?.replace('_', ' '), rule.severity, 'findings'].filter(Boolean).join(' ');
      return { holds: n > t, value: n, message: `${n} ${what} in ${run.scope} (alert above ${t})` };
    }
    case 'pending_above':
      return { holds: run.pending_conflicts > t, value: run.pending_conflicts, message: `${run.pending_conflicts} contradictions wait for review in ${run.scope} (alert above ${t})` };
    case 'aged_above':
      return { holds: run.aged_conflicts > t, value: run.aged_conflicts, message: `${run.aged_conflicts} contradictions in ${run.scope} are unresolved for more than 14 days (alert above ${t})` };
    case 'false_alarms': {
      const week = run.dismissed_last_7_days;
      const prev = run.dismissed_prev_7_days;
      return { holds: week >= t && week > prev, value: week, message: `${week} false alarms dismissed in ${run.scope} in 7 days, ${prev} the 7 days before (alert at ${t} and rising)` };
    }
    case 'run_slower_than': {
      const seconds = Math.round((run.duration_ms ?? 0) / 100) / 10;
      return { holds: seconds > t, value: seconds, message: `the health run of ${run.scope} took ${seconds} s (alert above ${t} s)` };
    }
  }
}
