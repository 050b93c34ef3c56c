import { z } from 'zod';
import { type FactScope, scopeSchema } from '../facts/scope';
import type { Principal } from '../auth/principal';
import { getDb, TX_OPTIONS } from '../db/prisma';
import { conflict, notFound } from '../errors/domain-error';
import { scheduleDeliveries } from '../webhooks/deliver';
import { ALERT_STATUSES, type AlertRecord, toAlertRecord } from './alert-record';
import { recordTransition } from './evaluate';

// GET /v1/alerts and POST /v1/alerts/:id/acknowledge. Alerts are visible to keys that can read
// their scope; acknowledging needs `write` on it (a person takes the alert on; the run still
// resolves it when the condition ends).

export const alertsQuerySchema = z.object({
  status: z.enum([...ALERT_STATUSES, 'active', 'all'], { error: 'status is open, acknowledged, resolved, active (open or acknowledged) or all' }).default('all'),
  scope: scopeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const acknowledgeSchema = z.object({ note: z.string().trim().max(2000, 'note is at most 2000 characters').nullish() });

/** The alerts of `scopes` (the readable ones, or the one asked for). */
export async function listAlerts(query: z.output<typeof alertsQuerySchema>, inScopes: FactScope[]): Promise<{ alerts: AlertRecord[]; counts: Record<string, number> }> {
  const status = query.status === 'all' ? undefined : query.status === 'active' ? { in: ['open', 'acknowledged'] } : query.status;
  const db = await getDb();
  const rows = await db.alert.findMany({
    where: { scope: { in: inScopes }, ...(status ? { status } : {}) },
    include: { rule: true, events: { orderBy: { at: 'asc' } } },
    orderBy: [{ openedAt: 'desc' }, { id: 'asc' }],
    take: query.limit,
  });
  const grouped = await db.alert.groupBy({ by: ['status'], where: { scope: { in: inScopes } }, _count: { _all: true } });
  const counts: Record<string, number> = { open: 0, acknowledged: 0, resolved: 0 };
  for (const g of grouped) counts[g.status] = g._count._all;
  return { alerts: rows.map(toAlertRecord), counts };
}

export async function acknowledgeAlert(id: string, note: string | null, principal: Principal): Promise<AlertRecord> {
  const db = await getDb();
  const now = new Date();
  const alert = await db.$transaction(async (tx) => {
    const found = await tx.alert.findUnique({ where: { id }, include: { rule: true } });
    if (!found) throw notFound('alert_not_found', `no alert with id ${id}`);
    if (found.status !== 'open') throw conflict('alert_not_open', `alert ${id} is ${found.status}; only an open alert can be acknowledged`);
    const updated = await tx.alert.update({ where: { id }, data: { status: 'acknowledged', acknowledgedAt: now, acknowledgedBy: principal.entityUri, ackNote: note, updatedAt: now } });
    await recordTransition(tx, updated, found.rule, 'alert.acknowledged', now, null, principal.entityUri, note);
    return tx.alert.findUniqueOrThrow({ where: { id }, include: { rule: true, events: { orderBy: { at: 'asc' } } } });
  }, TX_OPTIONS);
  scheduleDeliveries();
  return toAlertRecord(alert);
}

/** The header badge: open (not yet acknowledged) alerts in the scopes the caller can read. */
export async function openAlertCount(readable: FactScope[]): Promise<number> {
  const db = await getDb();
  return db.alert.count({ where: { status: 'open', scope: { in: readable } } });
}
