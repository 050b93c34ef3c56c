import { Prisma } from '../generated/prisma/client';

/**
 * The head of one side of the conflict under `conflict` (its value hash column `hash`), as `alias`:
 * looked up on value_heads' primary key. A LATERAL lookup of at most one row keeps it a probe per
 * conflict: left to itself the planner hash-joined every value head of the scope to the conflicts
 * (7.1M heads for 450k conflicts at 10M facts: 17 s for lint's contradictions, 9 s as probes).
 */
export function conflictSideSql(conflict: string, alias: string, hash: 'value_a_hash' | 'value_b_hash'): Prisma.Sql {
  const c = Prisma.raw(conflict);
  return Prisma.sql`CROSS JOIN LATERAL (
      SELECT * FROM value_heads v
      WHERE v.entity = ${c}.entity AND v.relation = ${c}.relation AND v.scope = ${c}.scope AND v.value_hash = ${Prisma.raw(`${conflict}.${hash}`)}
      LIMIT 1) ${Prisma.raw(alias)}`;
}
