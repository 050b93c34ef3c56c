import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { getDb, TX_OPTIONS, type Tx } from '../db/prisma';
import { notFound, unprocessable } from '../errors/domain-error';
import { type FactScope, scopeSchema } from '../facts/scope';
import type { AlertMute } from '../generated/prisma/client';
import { formatInstant, formatInstantOrNull } from '../time/instant';

// Muting a rule (POST/DELETE /v1/alerts/rules/:id/mute): until an instant, on one scope or, with no
// scope, on every scope the rule covers. While a mute holds the rule opens no alert there (no event,
// no webhook); an alert already open stays, shown muted and left out of the open count
// (lib/alerts/alert-counts.ts), and still resolves by itself. The mute ends at its instant with no
// job (every read compares `until` with the clock) or earlier by an unmute. Rows are kept as history.

export const MAX_MUTE_DAYS = 90;

export const muteInputSchema = z.object({
  scope: scopeSchema.nullish().transform((s) => s ?? null),
  until: z.iso.datetime({ offset: true, error: 'until must be an RFC 3339 instant' }).transform((s) => new Date(s)),
  reason: z.string().trim().max(2000, 'reason is at most 2000 characters').nullish().transform((s) => s || null),
});

export const unmuteQuerySchema = z.object({ scope: scopeSchema.optional() });

export interface AlertMuteRecord {
  id: string;
  rule_id: string;
  /** null: every scope the rule covers. */
  scope: string | null;
  until: string;
  reason: string | null;
  created_by: string;
  created_at: string;
  ended_at: string | null;
  ended_by: string | null;
}

export const toMuteRecord = (m: AlertMute): AlertMuteRecord => ({
  id: m.id, rule_id: m.ruleId, scope: m.scope, until: formatInstant(m.until), reason: m.reason, created_by: m.createdBy,
  created_at: formatInstant(m.createdAt), ended_at: formatInstantOrNull(m.endedAt), ended_by: m.endedBy,
});

/** The condition of a mute that holds at `now`. */
export const activeMuteWhere = (now: Date) => ({ endedAt: null, until: { gt: now } });

/** The mutes holding at `now`, for the rules given (every rule without). */
export async function activeMutes(now: Date, tx?: Tx, ruleIds?: string[]): Promise<AlertMute[]> {
  const db = tx ?? (await getDb());
  return db.alertMute.findMany({ where: { ...activeMuteWhere(now), ...(ruleIds ? { ruleId: { in: ruleIds } } : {}) }, orderBy: { until: 'desc' } });
}

/** When the latest mute covering the rule on `scope` ends, or null when none holds. */
export function mutedUntil(mutes: readonly AlertMute[], ruleId: string, scope: string): Date | null {
  let until: Date | null = null;
  for (const m of mutes) if (m.ruleId === ruleId && (m.scope === null || m.scope === scope) && (!until || m.until > until)) until = m.until;
  return until;
}

async function ruleOrThrow(tx: Tx, id: string) {
  const rule = await tx.alertRule.findUnique({ where: { id }, select: { id: true, scope: true } });
  if (!rule) throw notFound('rule_not_found', `no alert rule with id ${id}`);
  return rule;
}

/** A scoped rule's mute is of its scope; a mute names a scope the rule covers. */
function muteScope(rule: { id: string; scope: string | null }, asked: FactScope | null): FactScope | null {
  if (rule.scope === null) return asked;
  if (asked !== null && asked !== rule.scope) throw unprocessable('scope_not_covered', `rule ${rule.id} covers only scope ${rule.scope}`);
  return rule.scope as FactScope;
}

/** Mutes a rule (on one scope or all it covers) until an instant; a mute of the same rule and scope is replaced. */
export async function muteRule(ruleId: string, input: z.output<typeof muteInputSchema>, principal: Principal, now = new Date()): Promise<AlertMuteRecord> {
  if (input.until <= now) throw unprocessable('validation_error', 'until: must be in the future');
  if (input.until.getTime() - now.getTime() > MAX_MUTE_DAYS * 86400_000) throw unprocessable('validation_error', `until: at most ${MAX_MUTE_DAYS} days ahead`);
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    const rule = await ruleOrThrow(tx, ruleId);
    const scope = muteScope(rule, input.scope);
    await tx.alertMute.updateMany({ where: { ruleId, scope, ...activeMuteWhere(now) }, data: { endedAt: now, endedBy: principal.entityUri } });
    return tx.alertMute.create({ data: { id: randomUUID(), ruleId, scope, until: input.until, reason: input.reason, createdBy: principal.entityUri, createdAt: now } });
  }, TX_OPTIONS);
  return toMuteRecord(row);
}

/** Ends the mute of a rule on a scope (or of every scope, for a rule's mute without one) now. */
export async function unmuteRule(ruleId: string, asked: FactScope | null, principal: Principal, now = new Date()): Promise<AlertMuteRecord> {
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    const rule = await ruleOrThrow(tx, ruleId);
    const scope = muteScope(rule, asked);
    const active = await tx.alertMute.findFirst({ where: { ruleId, scope, ...activeMuteWhere(now) } });
    if (!active) throw notFound('mute_not_found', `rule ${ruleId} is not muted${scope ? ` on ${scope}` : ' on every scope'}`);
    return tx.alertMute.update({ where: { id: active.id }, data: { endedAt: now, endedBy: principal.entityUri } });
  }, TX_OPTIONS);
  return toMuteRecord(row);
}
