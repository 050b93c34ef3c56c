import { z } from 'zod';
import { type FactScope, scopeSchema } from '../facts/scope';
import { getDb, type Tx } from '../db/prisma';
import type { AlertMute, Prisma } from '../generated/prisma/client';
import { activeMutes, mutedUntil } from './alert-mutes';
import { type AlertCounts, type AlertGroupRecord, compareGroups, type CountRow, foldCounts, foldGroups, toGroupRecord } from './alert-groups';
import { ALERT_STATUSES, type AlertRecord, toAlertRecord } from './alert-record';
import type { RuleKind } from './rule-conditions';

// GET /v1/alerts, the header's count, the Alerts page and Review history's alerts: one module, one
// definition of each count (lib/alerts/alert-groups.ts). Alerts are visible to keys that can read
// their scope.

export const ALERT_FILTERS = [...ALERT_STATUSES, 'muted', 'active', 'all'] as const;
export type AlertFilter = (typeof ALERT_FILTERS)[number];

export const alertsQuerySchema = z.object({
  status: z.enum(ALERT_FILTERS, { error: 'status is open, muted, acknowledged, resolved, active (open, muted or acknowledged) or all' }).default('all'),
  scope: scopeSchema.optional(),
  group: z.enum(['rule_scope'], { error: 'group is rule_scope (one entry per rule and scope)' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

type AlertsQuery = z.output<typeof alertsQuerySchema>;

/** A mute as a filter: the alerts of its rule on its scope (every scope for a mute without one). */
const mutedBy = (m: AlertMute): Prisma.AlertWhereInput => ({ ruleId: m.ruleId, ...(m.scope ? { scope: m.scope } : {}) });

/** The alerts a status filter selects, with the mutes holding now (open and muted split on them). */
function statusWhere(status: AlertFilter, mutes: readonly AlertMute[]): Prisma.AlertWhereInput | null {
  switch (status) {
    case 'all':
      return {};
    case 'active':
      return { status: { in: ['open', 'acknowledged'] } };
    case 'open':
      return mutes.length ? { status: 'open', NOT: { OR: mutes.map(mutedBy) } } : { status: 'open' };
    case 'muted':
      return mutes.length ? { status: 'open', OR: mutes.map(mutedBy) } : null;
    default:
      return { status };
  }
}

async function countRows(tx: Tx, where: Prisma.AlertWhereInput): Promise<CountRow[]> {
  const rows = await tx.alert.groupBy({ by: ['ruleId', 'scope', 'status'], where, _count: { _all: true }, _min: { openedAt: true }, _max: { openedAt: true } });
  return rows.map((r) => ({ ruleId: r.ruleId, scope: r.scope, status: r.status, count: r._count._all, firstOpenedAt: r._min.openedAt!, lastOpenedAt: r._max.openedAt! }));
}

const inScopes = (scopes: readonly FactScope[], kinds?: readonly RuleKind[]): Prisma.AlertWhereInput => ({
  scope: { in: [...scopes] },
  ...(kinds ? { rule: { kind: { in: [...kinds] } } } : {}),
});

/**
 * The one count of alerts: the header shows `open`, the Alerts page shows every figure, Review
 * history shows `open` of the review rules' kinds. Scopes are the caller's readable ones.
 */
export async function countAlerts(scopes: readonly FactScope[], options: { kinds?: readonly RuleKind[]; now?: Date } = {}): Promise<AlertCounts> {
  const db = await getDb();
  const mutes = await activeMutes(options.now ?? new Date());
  return foldCounts(await countRows(db, inScopes(scopes, options.kinds)), mutes);
}

/** The alerts of `scopes` (the readable ones, or the one asked for), newest first, with every count. */
export async function listAlerts(query: AlertsQuery, scopes: FactScope[], now = new Date()): Promise<{ alerts: AlertRecord[]; counts: AlertCounts }> {
  const db = await getDb();
  const mutes = await activeMutes(now);
  const where = statusWhere(query.status, mutes);
  const rows = where
    ? await db.alert.findMany({
        where: { ...inScopes(scopes), ...where },
        include: { rule: true, events: { orderBy: { at: 'asc' } } },
        orderBy: [{ openedAt: 'desc' }, { id: 'asc' }],
        take: query.limit,
      })
    : [];
  const counts = foldCounts(await countRows(db, inScopes(scopes)), mutes);
  return { alerts: rows.map((a) => toAlertRecord(a, mutedUntil(mutes, a.ruleId, a.scope))), counts };
}

/** The same alerts grouped by rule and scope (`group=rule_scope`): one entry per pair, `limit` entries. */
export async function listAlertGroups(query: AlertsQuery, scopes: FactScope[], now = new Date()): Promise<{ groups: AlertGroupRecord[]; counts: AlertCounts }> {
  const db = await getDb();
  const mutes = await activeMutes(now);
  const where = statusWhere(query.status, mutes);
  const counts = foldCounts(await countRows(db, inScopes(scopes)), mutes);
  if (!where) return { groups: [], counts };
  const shells = foldGroups(await countRows(db, { ...inScopes(scopes), ...where }), mutes);
  const rules = await db.alertRule.findMany({ where: { id: { in: [...new Set(shells.map((s) => s.ruleId))] } }, select: { id: true, level: true } });
  const levelOf = new Map(rules.map((r) => [r.id, r.level]));
  const page = shells
    .map((s) => ({ ...s, level: levelOf.get(s.ruleId) ?? 'warning' }))
    .sort(compareGroups)
    .slice(0, query.limit);
  if (!page.length) return { groups: [], counts };
  const pairs = page.map((g) => ({ ruleId: g.ruleId, scope: g.scope }));
  const latest = await db.alert.findMany({
    where: { AND: [where, { OR: page.map((g) => ({ ruleId: g.ruleId, scope: g.scope, openedAt: g.lastOpenedAt })) }] },
    include: { rule: true, events: { orderBy: { at: 'asc' } } },
    orderBy: [{ openedAt: 'desc' }, { id: 'asc' }],
  });
  const open = await db.alert.findMany({ where: { status: 'open', OR: pairs }, select: { id: true, ruleId: true, scope: true }, orderBy: { openedAt: 'asc' } });
  const groups = page.flatMap((g) => {
    const row = latest.find((a) => a.ruleId === g.ruleId && a.scope === g.scope);
    if (!row) return [];
    const ids = open.filter((a) => a.ruleId === g.ruleId && a.scope === g.scope).map((a) => a.id);
    return [toGroupRecord(g, toAlertRecord(row, mutedUntil(mutes, row.ruleId, row.scope)), g.level, mutes, ids)];
  });
  return { groups, counts };
}

/** The header badge: open alerts (not acknowledged, not muted) in the scopes the caller can read. */
export async function openAlertCount(readable: readonly FactScope[]): Promise<number> {
  return (await countAlerts(readable)).open;
}
