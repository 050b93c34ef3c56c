import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import type { FactScope } from '../facts/scope';
import { type EntryRow, synthesisCtes, toEntry } from './synthesis-sql';
import { synthesisTotals } from './synthesize';
import { formatInstant } from '../time/instant';
import { withSpan } from '../observability/tracing';

// GET /v1/scopes/:scope/synthesize in the reference node's shape: the synthesis entries sorted by
// confidence (then HLC) descending, each with its contradiction flag and freshness, plus stats.

export async function referenceSynthesize(scope: FactScope, includeExpired: boolean, limit: number) {
  return withSpan('stigmem.synthesis.reference', { 'stigmem.scope': scope, 'stigmem.limit': limit }, () => readOnly(async (tx) => {
    const now = new Date();
    const options = { scope, includeExpired, now };
    const totals = await synthesisTotals(tx, options, 0);
    const rows = await tx.$queryRaw<(EntryRow & { mean: number | null })[]>(Prisma.sql`
      ${synthesisCtes(options)}
      SELECT *, avg(confidence) OVER () AS mean FROM entries
      ORDER BY confidence DESC, head_hlc_wall DESC, head_hlc_counter DESC, entity COLLATE "C", relation COLLATE "C" LIMIT ${limit}`);
    return {
      scope,
      synthesized_at: formatInstant(now),
      facts: rows.map((row) => ({
        ...toEntry(row, scope),
        id: row.head_fact_id,
        freshness: {
          timestamp: formatInstant(row.head_timestamp),
          age_s: Math.max(0, Math.round((now.getTime() - new Date(row.head_timestamp).getTime()) / 1000)),
          valid_until: row.valid_until ? formatInstant(row.valid_until) : null,
          expired: !row.live,
        },
      })),
      stats: {
        fact_count: totals.fact_count,
        entry_count: totals.entry_count,
        returned: rows.length,
        contradiction_count: totals.contradiction_count,
        mean_confidence: rows.length ? Number(rows[0].mean) : null,
      },
    };
  }));
}
