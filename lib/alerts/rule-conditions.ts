import { checkTotal, type FindingCounts } from '../lint/finding-counts';

// What each kind of alert rule measures on a health run, and when its condition holds. Pure, so the
// lifecycle (lib/alerts/evaluate.ts) and the unit tests share it.
//
// Rules do not cry wolf (docs/decisions.md § Alerts and webhooks):
// - every threshold is strict ("above", "below"), so a scope with nothing wrong never holds one;
// - a condition that holds while the scope is getting better (its measure improved since the
//   previous run: people are cleaning up) keeps an alert that is already open but opens none;
// - false_alarms counts dismissals, which clean-up produces: it also needs the review queue not to
//   have shrunk over the same 7 days (a noisy detector refills the queue; a clean-up empties it).

export const RULE_KINDS = ['score_below', 'findings_above', 'pending_above', 'aged_above', 'false_alarms', 'run_slower_than', 'run_failed'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export interface RuleShape {
  kind: RuleKind;
  check: string | null;
  severity: string | null;
  threshold: number;
}

/** The numbers of a finished run the rules compare with (a previous run, the run a week before). */
export interface RunNumbers {
  score: number | null;
  findings: FindingCounts;
  pending_conflicts: number;
  aged_conflicts: number;
}

/** What the rules read of a health run (a HealthRunRecord has these fields and more). */
export interface MeasuredRun extends RunNumbers {
  id: string;
  scope: string;
  trigger: string;
  status: string;
  error: string | null;
  started_at: string;
  dismissed_last_7_days: number;
  dismissed_prev_7_days: number;
  duration_ms: number | null;
}

/** Earlier finished runs of the same scope: the one just before, and the latest at least 7 days older. */
export interface Baselines {
  previous?: RunNumbers | null;
  weekBefore?: RunNumbers | null;
}

export interface Measurement {
  /** The condition holds: an open alert stays open (and is updated). */
  holds: boolean;
  /** It holds and the scope is not getting better: a new alert may open. */
  opens: boolean;
  value: number;
  message: string;
}

type Measure = { value: number; holds: boolean; message: string };

/** The rule's measure on any run's numbers, for comparing a run with its previous one. */
function measureOf(rule: RuleShape, run: RunNumbers): number | null {
  switch (rule.kind) {
    case 'score_below':
      return run.score ?? 100;
    case 'findings_above': {
      // No check = every check ("errors above N"); no severity = every severity.
      const checks = rule.check ? [rule.check] : Object.keys(run.findings);
      return checks.reduce((sum, check) => sum + checkTotal(run.findings, check, rule.severity), 0);
    }
    case 'pending_above':
      return run.pending_conflicts;
    case 'aged_above':
      return run.aged_conflicts;
    default:
      return null;
  }
}

/** Whether `now` is better than `before` for this rule: a lower count, a higher score. */
function improved(rule: RuleShape, now: number, before: number | null): boolean {
  if (before === null) return false;
  return rule.kind === 'score_below' ? now > before : now < before;
}

function measure(rule: RuleShape, run: MeasuredRun, baselines: Baselines): Measure {
  const { threshold: t } = rule;
  switch (rule.kind) {
    case 'score_below': {
      const score = measureOf(rule, run)!;
      return { holds: score < t, value: score, message: `health score of ${run.scope} is ${score} (alert below ${t})` };
    }
    case 'findings_above': {
      const n = measureOf(rule, run)!;
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
      // Without a run a week old, an empty queue says the dismissals were the clean-up that emptied it.
      const before = baselines.weekBefore?.pending_conflicts;
      const queueHeld = before === undefined ? run.pending_conflicts > 0 : run.pending_conflicts >= before;
      const shrank = before === undefined ? 'the queue is empty' : `the queue shrank from ${before} to ${run.pending_conflicts}`;
      const tail = queueHeld ? `(alert at ${t} and rising, while the queue does not shrink)` : `(not an alert: ${shrank}, so these are clean-up)`;
      return { holds: week >= t && week > prev && queueHeld, value: week, message: `${week} false alarms dismissed in ${run.scope} in 7 days, ${prev} the 7 days before ${tail}` };
    }
    case 'run_slower_than': {
      const seconds = Math.round((run.duration_ms ?? 0) / 100) / 10;
      return { holds: seconds > t, value: seconds, message: `the health run of ${run.scope} took ${seconds} s (alert above ${t} s)` };
    }
    case 'run_failed':
      throw new Error('run_failed is measured on every run, before this');
  }
}

/** null: the rule says nothing about this run (a failed run has no numbers; only run_failed reads it). */
export function measureRule(rule: RuleShape, run: MeasuredRun, baselines: Baselines = {}): Measurement | null {
  if (rule.kind === 'run_failed') {
    const failed = run.status === 'failed';
    const message = failed ? `the ${run.trigger} health run of ${run.scope} failed: ${run.error ?? 'no reason recorded'}` : `the health run of ${run.scope} succeeded`;
    return { holds: failed, opens: failed, value: failed ? 1 : 0, message };
  }
  if (run.status !== 'ok') return null;
  const m = measure(rule, run, baselines);
  const before = baselines.previous ? measureOf(rule, baselines.previous) : null;
  return { ...m, opens: m.holds && !improved(rule, m.value, before) };
}
