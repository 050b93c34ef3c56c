import { getDb } from '@/lib/db/prisma';

// Direct reads of the node's derived state (value heads, conflicts), for assertions that the
// HTTP surface does not expose. Tests never write through here.

/** The live values (their `v` as text) of one triple, sorted; live at the node's clock (test/harness/clock.ts). */
export async function liveValues(entity: string, relation = 'memory:status', scope = 'local'): Promise<string[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ v: string | null }[]>`
    SELECT value->>'v' AS v FROM value_heads
    WHERE entity = ${entity} AND relation = ${relation} AND scope = ${scope}
      AND confidence > 0 AND (valid_until IS NULL OR valid_until >= ${new Date()})
    ORDER BY 1`;
  return rows.map((r) => r.v ?? 'null');
}
