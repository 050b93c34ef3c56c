import type { Alert, AlertEvent, AlertRule } from '../generated/prisma/client';
import type { OutboxPayload, WebhookEvent } from '../webhooks/outbox';
import { formatInstant, formatInstantOrNull } from '../time/instant';
import { config } from '../config/config';

// The JSON shape of an alert (GET /v1/alerts, webhook bodies, the Alerts page).

export type AlertStatus = 'open' | 'acknowledged' | 'resolved';
export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;

export interface AlertEventRecord {
  kind: string;
  at: string;
  value: number | null;
  message: string;
  actor: string | null;
  run_id: string | null;
}

export interface AlertRecord {
  id: string;
  rule: { id: string; name: string; kind: string };
  scope: string;
  status: AlertStatus;
  /** The rule's level: critical, warning or info (lib/alerts/alert-level.ts). */
  level: string;
  /** While a mute of its rule holds on its scope: when the mute ends (lib/alerts/alert-mutes.ts). */
  muted_until: string | null;
  message: string;
  value: number;
  threshold: number;
  opened_at: string;
  updated_at: string;
  resolved_at: string | null;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  ack_note: string | null;
  opened_run_id: string | null;
  last_run_id: string | null;
  events?: AlertEventRecord[];
}

export function toEventRecord(e: AlertEvent): AlertEventRecord {
  return { kind: e.kind, at: formatInstant(e.at), value: e.value, message: e.message, actor: e.actor, run_id: e.runId };
}

export function toAlertRecord(a: Alert & { rule: Pick<AlertRule, 'id' | 'name' | 'kind' | 'level'>; events?: AlertEvent[] }, mutedUntil: Date | null = null): AlertRecord {
  const record: AlertRecord = {
    id: a.id,
    rule: { id: a.rule.id, name: a.rule.name, kind: a.rule.kind },
    scope: a.scope,
    status: a.status as AlertStatus,
    level: a.rule.level,
    muted_until: a.status === 'resolved' ? null : formatInstantOrNull(mutedUntil),
    message: a.message,
    value: a.value,
    threshold: a.threshold,
    opened_at: formatInstant(a.openedAt),
    updated_at: formatInstant(a.updatedAt),
    resolved_at: formatInstantOrNull(a.resolvedAt),
    acknowledged_at: formatInstantOrNull(a.acknowledgedAt),
    acknowledged_by: a.acknowledgedBy,
    ack_note: a.ackNote,
    opened_run_id: a.openedRunId,
    last_run_id: a.lastRunId,
  };
  if (a.events) record.events = a.events.map(toEventRecord);
  return record;
}

const VERB: Record<string, string> = { 'alert.opened': 'opened', 'alert.updated': 'updated', 'alert.acknowledged': 'acknowledged', 'alert.resolved': 'resolved' };

/** The webhook body of a transition; `text` is what chat tools display. */
export function alertPayload(event: WebhookEvent, alert: AlertRecord, note?: string | null): OutboxPayload {
  const base = config().node.url;
  const link = base ? ` ${base}/alerts?alert=${encodeURIComponent(alert.id)}` : '';
  const extra = event === 'alert.acknowledged' && alert.acknowledged_by ? ` by ${alert.acknowledged_by}${note ? `: ${note}` : ''}` : '';
  const text = `[Stigmem Health] ${alert.level === 'info' ? '' : `${alert.level.toUpperCase()}: `}${alert.rule.name} ${VERB[event] ?? event} in scope ${alert.scope}${extra} — ${alert.message}${link}`;
  const { events: _events, ...body } = alert;
  return { event, scope: alert.scope, text, alert: body };
}
