import type { FactScope } from '../facts/scope';
import { getDb } from '../db/prisma';

/** The scopes key `id` reaches, for the route that revokes it to authorize (none: a key that reaches nothing); null for an unknown key. */
export async function keyReach(id: string): Promise<FactScope[] | null> {
  const db = await getDb();
  const key = await db.apiKey.findUnique({ where: { id }, select: { allowedScopes: true } });
  return key ? (key.allowedScopes as FactScope[]) : null;
}
