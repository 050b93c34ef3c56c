import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { config } from '../config/config';
import { getDb } from '../db/prisma';
import type { AlertRule } from '../generated/prisma/client';
import { type FactScope, scopeSchema } from '../facts/scope';
import { notFound } from '../errors/domain-error';
import { ALERT_LEVELS, defaultLevel } from './alert-level';
import { activeMutes, type AlertMuteRecord, toMuteRecord } from './alert-mutes';
import { RULE_KINDS } from './rule-conditions';
import { formatInstant } from '../time/instant';

// Alert rules (GET/POST/PUT/DELETE /v1/alerts/rules): per scope or, with scope null, every scope.
// Reading needs `read` (the rules of the key's scopes and of every scope); changing needs `admin`
// on the rule's scope, and a rule of every scope is global (lib/auth/authority.ts). A fresh node
// gets the review-workflow defaults once; they can be edited, disabled or deleted like any rule.

const checkName = z.string().trim().min(1).max(64).regex(/^[a-z_]+$/, 'check must be a lint check name (a-z and _)');

export const ruleInputSchema = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(200),
  kind: z.enum(RULE_KINDS, { error: `kind must be one of ${RULE_KINDS.join(', ')}` }),
  scope: scopeSchema.nullish().transform((s) => s ?? null),
  check: checkName.nullish().transform((c) => c ?? null),
  severity: z.enum(['error', 'warning', 'info']).nullish().transform((s) => s ?? null),
  threshold: z.number({ error: 'threshold must be a number' }).finite().min(0).max(1e9).default(0),
  /** How loud its alerts are; without one, its kind's (lib/alerts/alert-level.ts). */
  level: z.enum(ALERT_LEVELS, { error: `level must be one of ${ALERT_LEVELS.join(', ')}` }).nullish(),
  enabled: z.boolean().default(true),
}).transform((r) => ({ ...r, level: r.level ?? defaultLevel(r.kind) }));

export type RuleInput = z.output<typeof ruleInputSchema>;

export interface AlertRuleRecord {
  id: string;
  name: string;
  kind: string;
  scope: string | null;
  check: string | null;
  severity: string | null;
  threshold: number;
  level: string;
  enabled: boolean;
  /** The mutes holding now: on one scope, or (scope null) on every scope the rule covers. */
  mutes: AlertMuteRecord[];
  created_by: string;
  created_at: string;
  updated_at: string;
}

export function toRuleRecord(r: AlertRule, mutes: AlertMuteRecord[] = []): AlertRuleRecord {
  return {
    id: r.id, name: r.name, kind: r.kind, scope: r.scope, check: r.check, severity: r.severity, threshold: r.threshold, level: r.level,
    enabled: r.enabled, mutes, created_by: r.createdBy, created_at: formatInstant(r.createdAt), updated_at: formatInstant(r.updatedAt),
  };
}

const SEEDED_FLAG = 'default_alert_rules_seeded';

/** The review-workflow defaults, created once per node (deleting them later is respected). */
export async function ensureDefaultRules(): Promise<void> {
  const db = await getDb();
  const t = config().alertThresholds;
  const defaults = [
    { id: 'default-pending', name: 'Review queue too long', kind: 'pending_above', threshold: t.pending },
    { id: 'default-aged', name: 'Aged contradictions', kind: 'aged_above', threshold: t.aged },
    { id: 'default-false-alarms', name: 'False alarms rising', kind: 'false_alarms', threshold: t.false_alarms_per_week },
    { id: 'default-slow-run', name: 'Slow health run', kind: 'run_slower_than', threshold: 30 },
    { id: 'default-run-failed', name: 'Health run failed', kind: 'run_failed', threshold: 0 },
  ].map((d) => ({ ...d, level: defaultLevel(d.kind as (typeof RULE_KINDS)[number]) }));
  await db.$transaction(async (tx) => {
    const created = await tx.nodeMeta.createMany({ data: [{ key: SEEDED_FLAG, value: new Date().toISOString() }], skipDuplicates: true });
    if (created.count === 0) return;
    await tx.alertRule.createMany({ data: defaults.map((d) => ({ ...d, createdBy: 'system:stigmem' })), skipDuplicates: true });
  });
}


/** The rules a reader of `scopes` sees: those of its scopes, and those of every scope (they run over its scopes too). */
export async function listRules(scopes: readonly FactScope[]): Promise<AlertRuleRecord[]> {
  const db = await getDb();
  const rows = await db.alertRule.findMany({
    where: { OR: [{ scope: null }, { scope: { in: [...scopes] } }] },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const mutes = await activeMutes(new Date(), undefined, rows.map((r) => r.id));
  return rows.map((r) => toRuleRecord(r, mutes.filter((m) => m.ruleId === r.id).map(toMuteRecord)));
}

export async function createRule(input: RuleInput, principal: Principal): Promise<AlertRuleRecord> {
  const db = await getDb();
  const row = await db.alertRule.create({ data: { id: randomUUID(), ...input, createdBy: principal.entityUri } });
  return toRuleRecord(row);
}

async function existing(id: string): Promise<AlertRule> {
  const db = await getDb();
  const row = await db.alertRule.findUnique({ where: { id } });
  if (!row) throw notFound('rule_not_found', `no alert rule with id ${id}`);
  return row;
}

export async function replaceRule(id: string, input: RuleInput): Promise<AlertRuleRecord> {
  await existing(id);
  const db = await getDb();
  const row = await db.alertRule.update({ where: { id }, data: input });
  return toRuleRecord(row, (await activeMutes(new Date(), undefined, [id])).map(toMuteRecord));
}

/** Deleting a rule deletes its alerts and their history with it. */
export async function deleteRule(id: string): Promise<void> {
  await existing(id);
  const db = await getDb();
  await db.alertRule.delete({ where: { id } });
}
