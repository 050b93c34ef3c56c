import { GLOBAL } from '../auth/authority';
import { type FactScope, isFactScope } from '../facts/scope';
import { getDb } from '../db/prisma';

/** What alert rule `id` touches, for the routes that change it: its scope, GLOBAL for a rule of every scope, null for an unknown id. */
export async function ruleReach(id: string): Promise<FactScope | typeof GLOBAL | null> {
  const db = await getDb();
  const rule = await db.alertRule.findUnique({ where: { id }, select: { scope: true } });
  if (!rule) return null;
  return isFactScope(rule.scope) ? rule.scope : GLOBAL;
}

/** What a rule written with this scope touches: a rule without one runs over every scope. */
export const ruleTarget = (scope: FactScope | null): FactScope | typeof GLOBAL => scope ?? GLOBAL;
