import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { getDb, TX_OPTIONS } from '../db/prisma';
import { conflict, DomainError, notFound } from '../errors/domain-error';
import { type FactScope, isFactScope, scopeSchema } from '../facts/scope';
import { scheduleDeliveries } from '../webhooks/deliver';
import { activeMutes, mutedUntil } from './alert-mutes';
import { type AlertRecord, toAlertRecord } from './alert-record';
import { recordTransition } from './evaluate';

// POST /v1/alerts/:id/acknowledge and POST /v1/alerts/acknowledge (many at once): a person takes
// alerts on; the run still resolves each when its condition ends. Only open alerts (muted ones too)
// can be acknowledged. Many at once is all or nothing, in one transaction: an unknown id answers
// 404 and an alert that is not open 409, and then nothing changed. Needs `write` on every scope.

const note = z.string().trim().max(2000, 'note is at most 2000 characters').nullish();
export const MAX_ACKNOWLEDGE = 500;

export const acknowledgeSchema = z.object({ note });

export const acknowledgeManySchema = z
  .object({
    ids: z.array(z.string().min(1).max(200), { error: 'ids must be a list of alert ids' }).min(1, 'ids must not be empty').max(MAX_ACKNOWLEDGE, `at most ${MAX_ACKNOWLEDGE} ids at once`).optional(),
    rule_id: z.string().min(1).max(200).optional(),
    scope: scopeSchema.optional(),
    note,
  })
  .refine((b) => (b.ids ? b.rule_id === undefined && b.scope === undefined : b.rule_id !== undefined && b.scope !== undefined), {
    error: 'send either ids, or rule_id and scope (a group: every open alert of the rule on the scope)',
  });

export type AcknowledgeMany = z.output<typeof acknowledgeManySchema>;

/** The scopes of the alerts a bulk acknowledge names, for the route to authorize (unknown ids are the handler's 404). */
export async function acknowledgeTargets(body: AcknowledgeMany): Promise<FactScope[]> {
  if (!body.ids) return [body.scope!];
  const db = await getDb();
  const rows = await db.alert.findMany({ where: { id: { in: body.ids } }, select: { scope: true }, distinct: ['scope'] });
  return rows.map((r) => r.scope).filter(isFactScope);
}

export async function acknowledgeAlerts(body: AcknowledgeMany, principal: Principal): Promise<{ acknowledged: number; alerts: AlertRecord[] }> {
  const db = await getDb();
  const now = new Date();
  const noteText = body.note ?? null;
  const rows = await db.$transaction(async (tx) => {
    const ids = body.ids ? [...new Set(body.ids)] : null;
    const found = await tx.alert.findMany({ where: ids ? { id: { in: ids } } : { ruleId: body.rule_id, scope: body.scope, status: 'open' }, include: { rule: true } });
    if (ids) {
      const missing = ids.filter((id) => !found.some((a) => a.id === id));
      if (missing.length) throw notFound('alert_not_found', `no alert with id ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`);
      const notOpen = found.filter((a) => a.status !== 'open');
      if (notOpen.length) throw conflict('alert_not_open', `${notOpen.map((a) => `alert ${a.id} is ${a.status}`).slice(0, 5).join('; ')}; only open alerts can be acknowledged, and none was`);
    } else if (!found.length) {
      throw conflict('alert_not_open', `rule ${body.rule_id} has no open alert on scope ${body.scope}`);
    }
    for (const alert of found) {
      const updated = await tx.alert.update({ where: { id: alert.id }, data: { status: 'acknowledged', acknowledgedAt: now, acknowledgedBy: principal.entityUri, ackNote: noteText, updatedAt: now } });
      await recordTransition(tx, updated, alert.rule, 'alert.acknowledged', now, null, principal.entityUri, noteText);
    }
    return tx.alert.findMany({ where: { id: { in: found.map((a) => a.id) } }, include: { rule: true, events: { orderBy: { at: 'asc' } } }, orderBy: [{ openedAt: 'desc' }, { id: 'asc' }] });
  }, TX_OPTIONS);
  scheduleDeliveries();
  const mutes = await activeMutes(now);
  return { acknowledged: rows.length, alerts: rows.map((a) => toAlertRecord(a, mutedUntil(mutes, a.ruleId, a.scope))) };
}

export async function acknowledgeAlert(id: string, noteText: string | null, principal: Principal): Promise<AlertRecord> {
  try {
    return (await acknowledgeAlerts({ ids: [id], note: noteText }, principal)).alerts[0];
  } catch (error) {
    // One alert keeps its own wording: "only an open alert can be acknowledged".
    if (error instanceof DomainError && error.code === 'alert_not_open') throw conflict('alert_not_open', `alert ${id} is not open; only an open alert can be acknowledged`);
    throw error;
  }
}
