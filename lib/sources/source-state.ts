import { Prisma } from '../generated/prisma/client';
import { getDb, TX_OPTIONS } from '../db/prisma';
import { BACKGROUND_READ_TIMEOUT_MS, readOnly } from '../db/read-only';
import { lockScopes } from '../facts/write-locks';
import { observeStateCheck } from '../metrics/registry';
import { logger } from '../observability/logger';

// The maintained source figures (docs/decisions.md § Maintained source figures) compared with a count
// from the facts, the heads and the conflicts' facts, and repaired where they differ. What each source
// wrote (`source_writes`) and the values it holds (`source_heads`) are sums over stripes, kept by the
// write path's triggers; each conflict's `source_a`/`source_b` are set by the write that opened it. Only
// a write that bypassed them (triggers disabled, a table truncated, a row edited by hand) can make them
// drift; `GET /v1/sources?full=true` counts the same figures from the facts per request.

export type SourceStateKind = 'writes' | 'heads' | 'conflict';

export interface SourceStateDrift {
  kind: SourceStateKind;
  scope: string;
  /** The source whose figures differ (writes, heads), or the conflict's id. */
  key: string;
}

const inScope = (column: Prisma.Sql, scope?: string) => (scope === undefined ? Prisma.sql`true` : Prisma.sql`${column} = ${scope}`);

/**
 * Every maintained figure of `scope` (of every scope, when not given) that differs from the count:
 * one statement, so one snapshot in which each committed write changed facts, heads and figures
 * together — a difference is drift, never a write in flight.
 */
export function sourceStateDriftSql(scope?: string): Prisma.Sql {
  return Prisma.sql`
    SELECT 'writes' AS kind, coalesce(k.scope, c.scope) AS scope, coalesce(k.source, c.source) AS key
    FROM (SELECT w.scope, w.source, sum(w.facts)::bigint AS facts, sum(w.retractions)::bigint AS retractions, min(w.first_write) AS first_write,
            max(w.last_write) AS last_write
          FROM source_writes w WHERE ${inScope(Prisma.sql`w.scope`, scope)} GROUP BY w.scope, w.source) k
    FULL JOIN (SELECT f.scope, f.source, count(*)::bigint AS facts, count(*) FILTER (WHERE f.confidence = 0)::bigint AS retractions,
            min(f.timestamp) AS first_write, max(f.timestamp) AS last_write
          FROM facts f WHERE ${inScope(Prisma.sql`f.scope`, scope)} GROUP BY f.scope, f.source) c ON c.scope = k.scope AND c.source = k.source
    WHERE (k.facts, k.retractions, k.first_write, k.last_write) IS DISTINCT FROM (c.facts, c.retractions, c.first_write, c.last_write)
    UNION ALL
    SELECT 'heads', coalesce(k.scope, c.scope), coalesce(k.source, c.source)
    FROM (SELECT h.scope, h.source, sum(h.values_held)::bigint AS n FROM source_heads h WHERE ${inScope(Prisma.sql`h.scope`, scope)}
          GROUP BY h.scope, h.source HAVING sum(h.values_held) <> 0) k
    FULL JOIN (SELECT vh.scope, vh.head_source AS source, count(*)::bigint AS n FROM value_heads vh
          WHERE vh.confidence > 0 AND ${inScope(Prisma.sql`vh.scope`, scope)} GROUP BY vh.scope, vh.head_source) c
      ON c.scope = k.scope AND c.source = k.source
    WHERE k.n IS DISTINCT FROM c.n
    UNION ALL
    SELECT 'conflict', c.scope, c.id
    FROM conflicts c JOIN facts fa ON fa.id = c.fact_a_id JOIN facts fb ON fb.id = c.fact_b_id
    WHERE ${inScope(Prisma.sql`c.scope`, scope)} AND (c.source_a IS DISTINCT FROM fa.source OR c.source_b IS DISTINCT FROM fb.source)`;
}

/**
 * Compares `scope`'s source figures with the count and rewrites every one that differs from a count,
 * on stripe 0 (the others of that source deleted). The comparison takes no lock; the repair, only run
 * when something drifted, holds the scope's writers off (its exclusive write lock) while it counts the
 * drifted sources again and rewrites them, so no write commits between its count and its rows.
 */
export async function reconcileSourceState(scope: string): Promise<{ scope: string; repaired: number }> {
  // Read-only (JIT off, which compiling this aggregate would cost; a replica may answer: the
  // comparison is within one snapshot wherever it runs, and drift stays until it is repaired).
  const drifted = await readOnly((tx) => tx.$queryRaw<SourceStateDrift[]>(sourceStateDriftSql(scope)), { timeoutMs: BACKGROUND_READ_TIMEOUT_MS });
  if (drifted.length) {
    const db = await getDb();
    const keys = (kind: SourceStateKind) => drifted.filter((d) => d.kind === kind).map((d) => d.key);
    const [writes, heads, conflicts] = [keys('writes'), keys('heads'), keys('conflict')];
    await db.$transaction(async (tx) => {
      await lockScopes(tx, [scope]);
      await tx.$executeRaw`DELETE FROM source_writes WHERE scope = ${scope} AND source = ANY(${writes}::text[])`;
      await tx.$executeRaw`
        INSERT INTO source_writes (scope, source, stripe, facts, retractions, first_write, last_write)
        SELECT f.scope, f.source, 0, count(*), count(*) FILTER (WHERE f.confidence = 0), min(f.timestamp), max(f.timestamp)
        FROM facts f WHERE f.scope = ${scope} AND f.source = ANY(${writes}::text[]) GROUP BY f.scope, f.source`;
      await tx.$executeRaw`DELETE FROM source_heads WHERE scope = ${scope} AND source = ANY(${heads}::text[])`;
      await tx.$executeRaw`
        INSERT INTO source_heads (scope, source, stripe, values_held)
        SELECT vh.scope, vh.head_source, 0, count(*) FROM value_heads vh
        WHERE vh.scope = ${scope} AND vh.confidence > 0 AND vh.head_source = ANY(${heads}::text[]) GROUP BY vh.scope, vh.head_source`;
      await tx.$executeRaw`
        UPDATE conflicts c SET source_a = fa.source, source_b = fb.source FROM facts fa, facts fb
        WHERE c.id = ANY(${conflicts}::text[]) AND fa.id = c.fact_a_id AND fb.id = c.fact_b_id`;
    }, TX_OPTIONS);
    logger().warn({ scope, repaired: drifted.length, sample: drifted.slice(0, 5) }, 'maintained source figures drifted from the facts; repaired');
  }
  observeStateCheck('sources', drifted.length);
  return { scope, repaired: drifted.length };
}
