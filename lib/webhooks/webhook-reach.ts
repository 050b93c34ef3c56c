import { GLOBAL, reachOf } from '../auth/authority';
import type { FactScope } from '../facts/scope';
import { getDb } from '../db/prisma';

/** What webhook `id` touches, for its routes to authorize: its scopes, or GLOBAL for one of every scope; [] for an unknown id (its handler answers 404). */
export async function webhookReach(id: string): Promise<(FactScope | typeof GLOBAL)[]> {
  const db = await getDb();
  const hook = await db.webhook.findUnique({ where: { id }, select: { scopes: true } });
  return hook ? reachOf(hook.scopes, 'global') : [];
}
