import type { RuleKind } from './rule-conditions';

// How loud an alert is. A rule carries a level (settable); a rule written without one takes its
// kind's: a failed run means no health numbers at all (critical); a slow run and rising false alarms
// say something about the node and the detector, not about the knowledge base (info); every
// threshold on the knowledge base itself is a warning.

export const ALERT_LEVELS = ['critical', 'warning', 'info'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

const KIND_LEVEL: Record<RuleKind, AlertLevel> = {
  run_failed: 'critical',
  score_below: 'warning',
  findings_above: 'warning',
  pending_above: 'warning',
  aged_above: 'warning',
  false_alarms: 'info',
  run_slower_than: 'info',
};

export const defaultLevel = (kind: RuleKind): AlertLevel => KIND_LEVEL[kind];

/** critical first: the order groups and badges sort by. */
export const levelRank = (level: string): number => {
  const rank = (ALERT_LEVELS as readonly string[]).indexOf(level);
  return rank < 0 ? ALERT_LEVELS.length : rank;
};
