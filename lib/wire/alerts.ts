import { z } from 'zod';
import { isoInstant, Scope } from './records';

// Wire shapes of alerts: alerts and their groups, acknowledgements, rules and their mutes.

const count = z.number().int().min(0);
export const RULE_KIND_NAMES = ['score_below', 'findings_above', 'pending_above', 'aged_above', 'false_alarms', 'run_slower_than', 'run_failed'] as const;
const RuleKind = z.enum(RULE_KIND_NAMES);
const Level = z.enum(['critical', 'warning', 'info']);
const RuleRef = z.object({ id: z.string().min(1), name: z.string().min(1), kind: RuleKind });

const AlertEvent = z.object({
  kind: z.enum(['opened', 'updated', 'acknowledged', 'resolved']),
  at: isoInstant,
  value: z.number().nullable(),
  message: z.string(),
  actor: z.string().nullable().describe('Who acknowledged it; null for what a run did'),
  run_id: z.string().nullable(),
});

export const AlertRecord = z.object({
  id: z.string().min(1),
  rule: RuleRef,
  scope: Scope,
  status: z.enum(['open', 'acknowledged', 'resolved']),
  level: Level.describe("The rule's level"),
  muted_until: isoInstant.nullable().describe('While a mute of its rule holds on its scope: when the mute ends'),
  message: z.string().min(1),
  value: z.number(),
  threshold: z.number(),
  opened_at: isoInstant,
  updated_at: isoInstant,
  resolved_at: isoInstant.nullable(),
  acknowledged_at: isoInstant.nullable(),
  acknowledged_by: z.string().nullable(),
  ack_note: z.string().nullable(),
  opened_run_id: z.string().nullable(),
  last_run_id: z.string().nullable(),
  events: z.array(AlertEvent).optional().describe('Its transitions, oldest first'),
});

const AlertCounts = z
  .object({ open: count, acknowledged: count, muted: count, resolved: count })
  .describe('Every alert of the scopes by state (open: not muted; muted: open while a mute holds)');

const AlertGroup = z.object({
  key: z.string().min(1).describe('rule_id|scope'),
  rule: RuleRef,
  scope: Scope,
  level: Level,
  count: count,
  counts: AlertCounts,
  first_opened_at: isoInstant,
  last_opened_at: isoInstant,
  muted_until: isoInstant.nullable(),
  open_alert_ids: z.array(z.string().min(1)).describe('The open alerts (muted ones too): what acknowledging the group takes on'),
  latest: AlertRecord,
});

/** GET /v1/alerts: the alerts, or with `group` one entry per rule and scope. */
export const AlertList = z.union([
  z.object({ alerts: z.array(AlertRecord), counts: AlertCounts }),
  z.object({ groups: z.array(AlertGroup), counts: AlertCounts }),
]);

export const AcknowledgedAlerts = z.object({ acknowledged: count, alerts: z.array(AlertRecord) });

export const AlertMute = z.object({
  id: z.string().uuid(),
  rule_id: z.string().min(1),
  scope: Scope.nullable().describe('null: every scope the rule covers'),
  until: isoInstant,
  reason: z.string().nullable(),
  created_by: z.string().min(1),
  created_at: isoInstant,
  ended_at: isoInstant.nullable(),
  ended_by: z.string().nullable(),
});

export const AlertRule = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  kind: RuleKind,
  scope: Scope.nullable().describe('null: every scope'),
  check: z.string().nullable(),
  severity: z.enum(['error', 'warning', 'info']).nullable(),
  threshold: z.number().min(0),
  level: Level,
  enabled: z.boolean(),
  mutes: z.array(AlertMute).describe('The mutes holding now'),
  created_by: z.string().min(1),
  created_at: isoInstant,
  updated_at: isoInstant,
});
export const AlertRuleList = z.object({ rules: z.array(AlertRule) });
