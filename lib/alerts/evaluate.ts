import { randomUUID } from 'node:crypto';
import { getDb, TX_OPTIONS, type Tx } from '../db/prisma';
import type { Alert, AlertMute, AlertRule } from '../generated/prisma/client';
import { enqueueEvent, type WebhookEvent } from '../webhooks/outbox';
import { scheduleDeliveries } from '../webhooks/deliver';
import { alertPayload, toAlertRecord } from './alert-record';
import { activeMutes, mutedUntil } from './alert-mutes';
import { type Baselines, type MeasuredRun, measureRule, type RunNumbers, type RuleShape } from './rule-conditions';

// The alert lifecycle, evaluated after every health run of a scope: an alert opens when its rule's
// condition starts to hold, is updated (never duplicated) while it holds, and resolves by itself at
// the first run where it no longer holds; a person may acknowledge it meanwhile. Every transition
// is stored as an event and queued for webhooks in the same transaction. Runs of one scope never
// overlap (lib/health-history/record-run.ts), so one scope's evaluations never race. A rule compares
// the run with the scope's previous finished run and the one a week older (lib/alerts/rule-conditions.ts),
// and a muted rule opens nothing (lib/alerts/alert-mutes.ts).

type RuleRow = AlertRule;

async function transition(tx: Tx, alert: Alert, rule: RuleRow, event: WebhookEvent, now: Date, runId: string | null, actor: string | null = null, note: string | null = null, deliver = true) {
  await tx.alertEvent.create({
    data: { id: randomUUID(), alertId: alert.id, kind: event.slice('alert.'.length), at: now, value: alert.value, message: note ?? alert.message, actor, runId },
  });
  if (!deliver) return 0;
  return enqueueEvent(tx, alertPayload(event, toAlertRecord({ ...alert, rule }), note), now);
}

export { transition as recordTransition };

const WEEK_MS = 7 * 86400_000;

/** The numbers of the scope's latest finished run before `at`, or null (never the fingerprint set: it can be large). */
async function runBefore(tx: Tx, scope: string, at: Date, excludeId: string): Promise<RunNumbers | null> {
  const row = await tx.healthRun.findFirst({
    where: { scope, status: 'ok', id: { not: excludeId }, startedAt: { lte: at } },
    orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
    select: { score: true, findings: true, pendingConflicts: true, agedConflicts: true },
  });
  return row ? { score: row.score, findings: row.findings as RunNumbers['findings'], pending_conflicts: row.pendingConflicts, aged_conflicts: row.agedConflicts } : null;
}

async function baselinesOf(tx: Tx, run: MeasuredRun): Promise<Baselines> {
  const started = new Date(run.started_at);
  if (Number.isNaN(started.getTime())) return {};
  const previous = await runBefore(tx, run.scope, new Date(started.getTime() - 1), run.id);
  const weekBefore = await runBefore(tx, run.scope, new Date(started.getTime() - WEEK_MS), run.id);
  return { previous, weekBefore };
}

async function evaluateRule(tx: Tx, rule: RuleRow, run: MeasuredRun, now: Date, baselines: Baselines, mutes: AlertMute[]): Promise<number> {
  const m = measureRule(rule as unknown as RuleShape, run, baselines);
  if (!m) return 0;
  const active = await tx.alert.findFirst({ where: { ruleId: rule.id, scope: run.scope, status: { in: ['open', 'acknowledged'] } } });
  // Muted: nothing new opens; an alert already open is still followed and resolves by itself.
  if (m.opens && !active && mutedUntil(mutes, rule.id, run.scope)) return 0;
  if (m.opens && !active) {
    const alert = await tx.alert.create({
      data: { id: randomUUID(), ruleId: rule.id, scope: run.scope, status: 'open', message: m.message, value: m.value, threshold: rule.threshold, openedAt: now, updatedAt: now, openedRunId: run.id, lastRunId: run.id },
    });
    return transition(tx, alert, rule, 'alert.opened', now, run.id);
  }
  if (m.holds && active) {
    const changed = active.value !== m.value || active.threshold !== rule.threshold;
    const alert = await tx.alert.update({ where: { id: active.id }, data: { message: m.message, value: m.value, threshold: rule.threshold, updatedAt: now, lastRunId: run.id } });
    // A run that finds the same value only refreshes the alert; a new value is an update people hear
    // about, unless the rule is muted there (the event is kept, no webhook goes out).
    return changed ? transition(tx, alert, rule, 'alert.updated', now, run.id, null, null, !mutedUntil(mutes, rule.id, run.scope)) : 0;
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
    const baselines = run.status === 'ok' ? await baselinesOf(tx, run) : {};
    const mutes = await activeMutes(now, tx, rules.map((r) => r.id));
    let total = 0;
    for (const rule of rules) total += await evaluateRule(tx, rule, run, now, baselines, mutes);
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
