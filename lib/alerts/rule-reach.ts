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

/**
 * What muting rule `id` on `scope` (or on all it covers) touches: the rule's own scope, and the
 * scope named; for a rule of every scope, the scope named, or every scope at once without one.
 */
export async function muteReach(id: string, scope: FactScope | null | undefined): Promise<readonly (FactScope | typeof GLOBAL | null)[]> {
  const reach = await ruleReach(id);
  if (reach === null) return [null];
  if (reach === GLOBAL) return [scope ?? GLOBAL];
  return [reach, scope ?? null];
}
