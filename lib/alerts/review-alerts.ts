import type { FactScope } from '../facts/scope';
import { getDb } from '../db/prisma';
import type { AlertCounts } from './alert-groups';
import { activeMutes, mutedUntil } from './alert-mutes';
import { countAlerts } from './alert-store';
import type { RuleKind } from './rule-conditions';

// Review history's alerts (GET /v1/conflicts/history, the Review history page): the alerts of the
// review rules — the queue's length, its aged contradictions, rising false alarms — counted by the
// same function as the header and the Alerts page (lib/alerts/alert-store.ts countAlerts), so its
// `open` is the header's figure restricted to these rules and to the scopes shown.

export const REVIEW_RULE_KINDS: readonly RuleKind[] = ['pending_above', 'aged_above', 'false_alarms'];

export interface ReviewAlert {
  id: string;
  rule: { id: string; name: string; kind: string };
  scope: string;
  level: string;
  message: string;
}

export async function reviewAlerts(scopes: readonly FactScope[], now = new Date()): Promise<{ counts: AlertCounts; open: ReviewAlert[] }> {
  const counts = await countAlerts(scopes, { kinds: REVIEW_RULE_KINDS, now });
  const db = await getDb();
  const mutes = await activeMutes(now);
  const rows = await db.alert.findMany({
    where: { status: 'open', scope: { in: [...scopes] }, rule: { kind: { in: [...REVIEW_RULE_KINDS] } } },
    include: { rule: { select: { id: true, name: true, kind: true, level: true } } },
    orderBy: [{ openedAt: 'desc' }, { id: 'asc' }],
  });
  const open = rows
    .filter((a) => !mutedUntil(mutes, a.ruleId, a.scope))
    .map((a) => ({ id: a.id, rule: { id: a.rule.id, name: a.rule.name, kind: a.rule.kind }, scope: a.scope, level: a.rule.level, message: a.message }));
  return { counts, open };
}
