import { Prisma } from '../generated/prisma/client';
import { getDb, TX_OPTIONS } from '../db/prisma';
import { lockTargets } from './write-locks';
import { observeStateCheck } from '../metrics/registry';
import { logger } from '../observability/logger';

// Maintained health state (docs/decisions.md § Maintained health state): `entity_liveness` holds, per
// (scope, entity) with value heads, the last instant at which the entity still has a live value.
// The write path keeps it, by statement triggers on value_heads (migration
// 20261127130000_entity_liveness), in the transaction that changes the heads; lint reads it
// (orphan, broken_ref) and never writes it. Its one definition is the database function
// stigmem_head_live_until: an entity's figure is the greatest over its heads. This file holds the
// same figure counted from the heads (time travel's view; the reconciler's and tests' reference)
// and the reconciler that compares the two and repairs drift.

/** The figure per (scope, entity) counted from every value head (of `scope`, when given); columns scope, entity, live_until. */
export function countedEntityLivenessSql(scope?: string): Prisma.Sql {
  return Prisma.sql`
    SELECT vh.scope, vh.entity, max(stigmem_head_live_until(vh.confidence, vh.valid_until)) AS live_until
    FROM value_heads vh ${scope === undefined ? Prisma.empty : Prisma.sql`WHERE vh.scope = ${scope}`}
    GROUP BY vh.scope, vh.entity`;
}

/** Where the maintained rows of `scope` differ from the count: a row missing, a row too many, or another figure. */
function driftSql(scope: string): Prisma.Sql {
  return Prisma.sql`
    SELECT coalesce(c.entity, m.entity) AS entity
    FROM (${countedEntityLivenessSql(scope)}) c
    FULL JOIN (SELECT * FROM entity_liveness WHERE scope = ${scope}) m ON m.entity = c.entity
    WHERE m.live_until IS DISTINCT FROM c.live_until`;
}

export interface Reconciliation {
  scope: string;
  /** Entities whose maintained figure differed from the count, found and put right. */
  repaired: number;
}

/** At most this many drifted entities are repaired per transaction (each holds its entity's write lock). */
const REPAIR_BATCH = 500;

/**
 * Compares `scope`'s maintained entity liveness with a count from its heads and repairs every row
 * that differs. The comparison is one statement, one snapshot, in which each committed write changed
 * heads and figures together: a difference is drift, never a write in flight. Each repair takes the
 * entities' write locks, so it never undoes a write that committed after the comparison.
 */
export async function reconcileEntityLiveness(scope: string): Promise<Reconciliation> {
  const db = await getDb();
  const drifted = (await db.$queryRaw<{ entity: string }[]>(driftSql(scope))).map((row) => row.entity);
  for (let i = 0; i < drifted.length; i += REPAIR_BATCH) {
    const entities = drifted.slice(i, i + REPAIR_BATCH);
    await db.$transaction(async (tx) => {
      await lockTargets(tx, entities.map((entity) => ({ scope, entity })));
      await tx.$executeRaw`
        DELETE FROM entity_liveness e WHERE e.scope = ${scope} AND e.entity = ANY(${entities}::text[])
          AND NOT EXISTS (SELECT 1 FROM value_heads vh WHERE vh.scope = e.scope AND vh.entity = e.entity)`;
      await tx.$executeRaw`
        INSERT INTO entity_liveness AS e (scope, entity, live_until)
        SELECT vh.scope, vh.entity, max(stigmem_head_live_until(vh.confidence, vh.valid_until))
        FROM value_heads vh WHERE vh.scope = ${scope} AND vh.entity = ANY(${entities}::text[])
        GROUP BY vh.scope, vh.entity ORDER BY 1, 2
        ON CONFLICT (scope, entity) DO UPDATE SET live_until = EXCLUDED.live_until WHERE e.live_until <> EXCLUDED.live_until`;
    }, TX_OPTIONS);
  }
  observeStateCheck('entity_liveness', drifted.length);
  if (drifted.length) {
    logger().warn({ scope, repaired: drifted.length, sample: drifted.slice(0, 5) }, 'maintained entity liveness drifted from its heads; repaired');
  }
  return { scope, repaired: drifted.length };
}
