import { randomUUID } from 'node:crypto';
import { getDb, TX_OPTIONS, type Tx } from '../db/prisma';
import type { Alert, AlertRule } from '../generated/prisma/client';
import { enqueueEvent, type WebhookEvent } from '../webhooks/outbox';
import { scheduleDeliveries } from '../webhooks/deliver';
import { alertPayload, toAlertRecord } from './alert-record';
import { type MeasuredRun, measureRule, type RuleShape } from './rule-conditions';

// The alert lifecycle, evaluated after every health run of a scope: an alert opens when its rule's
// condition starts to hold, is updated (never duplicated) while it holds, and resolves by itself at
// the first run where it no longer holds; a person may acknowledge it meanwhile. Every transition
// is stored as an event and queued for webhooks in the same transaction. Runs of one scope never
// overlap (lib/health-history/record-run.ts), so one scope's evaluations never race.

type RuleRow = AlertRule;

async function transition(tx: Tx, alert: Alert, rule: RuleRow, event: WebhookEvent, now: Date, runId: string | null, actor: string | null = null, note: string | null = null) {
  await tx.alertEvent.create({
    data: { id: randomUUID(), alertId: alert.id, kind: event.slice('alert.'.length), at: now, value: alert.value, message: note ?? alert.message, actor, runId },
  });
  return enqueueEvent(tx, alertPayload(event, toAlertRecord({ ...alert, rule }), note), now);
}

export { transition as recordTransition };

async function evaluateRule(tx: Tx, rule: RuleRow, run: MeasuredRun, now: Date): Promise<number> {
  const m = measureRule(rule as unknown as RuleShape, run);
  if (!m) return 0;
  const active = await tx.alert.findFirst({ where: { ruleId: rule.id, scope: run.scope, status: { in: ['open', 'acknowledged'] } } });
  if (m.holds && !active) {
    const alert = await tx.alert.create({
      data: { id: randomUUID(), ruleId: rule.id, scope: run.scope, status: 'open', message: m.message, value: m.value, threshold: rule.threshold, openedAt: now, updatedAt: now, openedRunId: run.id, lastRunId: run.id },
    });
    return transition(tx, alert, rule, 'alert.opened', now, run.id);
  }
  if (m.holds && active) {
    const changed = active.value !== m.value || active.threshold !== rule.threshold;
    const alert = await tx.alert.update({ where: { id: active.id }, data: { message: m.message, value: m.value, threshold: rule.threshold, updatedAt: now, lastRunId: run.id } });
    // A run that finds the same value only refreshes the alert; a new value is an update people hear about.
    return changed ? transition(tx, alert, rule, 'alert.updated', now, run.id) : 0;
  }
  if (!m.holds && active) {
    const alert = await tx.alert.update({ where: { id: active.id }, data: { status: 'resolved', resolvedAt: now, updatedAt: now, value: m.value, message: m.message, lastRunId: run.id } });
    return transition(tx, alert, rule, 'alert.resolved', now, run.id);
  }
  return 0;
}

/** Applies every enabled rule covering the run's scope; kicks webhook delivery when anything was queued. */
export async function evaluateAlerts(run: MeasuredRun, now: Date): Promise<void> {
  const db = await getDb();
  const queued = await db.$transaction(async (tx) => {
    const rules = await tx.alertRule.findMany({ where: { enabled: true, OR: [{ scope: null }, { scope: run.scope }] }, orderBy: { id: 'asc' } });
    let total = 0;
    for (const rule of rules) total += await evaluateRule(tx, rule, run, now);
    // A disabled or rescoped rule's open alerts are closed at the next run, not left open forever.
    const orphaned = await tx.alert.findMany({
      where: { scope: run.scope, status: { in: ['open', 'acknowledged'] }, ruleId: { notIn: rules.map((r) => r.id) } },
      include: { rule: true },
    });
    for (const alert of orphaned) {
      const closed = await tx.alert.update({ where: { id: alert.id }, data: { status: 'resolved', resolvedAt: now, updatedAt: now, message: `${alert.message} (rule disabled or no longer covers this scope)` } });
      total += await transition(tx, closed, alert.rule, 'alert.resolved', now, run.id);
    }
    return total;
  }, TX_OPTIONS);
  if (queued) scheduleDeliveries();
}
