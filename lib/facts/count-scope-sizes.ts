import type { Tx } from '../db/prisma';
import type { FactScope } from './scope';
import { liveHeadSql } from './contradiction-sql';

// The sizes of a scope (docs/semantics.md § Figures): facts, values, live values, entities. One
// statement for the health card, the scope page, a health run and /metrics (which reads the run).
// Facts are every row (the protocol's fact_count); values, live values and entities leave out the
// node's bookkeeping (the stigmem: namespace: each conflict's own entity and its between/status
// values), as synthesis does, so "live values" is one number on every page.

export interface ScopeSizes {
  fact_count: number;
  value_count: number;
  live_value_count: number;
  entity_count: number;
}

export async function countScopeSizes(tx: Tx, scope: FactScope, now: Date): Promise<ScopeSizes> {
  // Entities counted by a hashed GROUP BY: count(DISTINCT entity) sorts every value head.
  const [row] = await tx.$queryRaw<{ facts: bigint; values: bigint | null; live: bigint | null; entities: bigint }[]>`
    SELECT (SELECT count(*) FROM facts WHERE scope = ${scope}) AS facts, sum(e.n) AS values, sum(e.live) AS live, count(*) AS entities
    FROM (
      SELECT vh.entity, count(*) AS n, count(*) FILTER (WHERE ${liveHeadSql('vh', now)}) AS live
      FROM value_heads vh WHERE vh.scope = ${scope} AND vh.relation NOT LIKE 'stigmem:%' GROUP BY vh.entity
    ) e`;
  return {
    fact_count: Number(row.facts),
    value_count: Number(row.values ?? 0),
    live_value_count: Number(row.live ?? 0),
    entity_count: Number(row.entities),
  };
}
