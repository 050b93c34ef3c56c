import { Prisma } from '../generated/prisma/client';
import { contradictedSql, liveValuesLateral } from '../facts/contradiction-sql';
import { AGED_AFTER_DAYS, ageDaysSql, agedSql } from '../facts/count-review-queue';

// The review view of contradictions (docs/semantics.md § Contradictions, the protocol's review
// workflow): one CTE that the queue, the conflict page, the conflict list's suggestions and
// auto-resolve all read, so the rules live in one place. Per contradicted triple, among its N live
// values:
//   evidence    exactly one value was re-asserted (confidence > 0) by a non-system source since the
//               contradiction opened and within the last 48 h (the assertions that joined values to
//               it do not count) → that value wins
//   confidence  otherwise the strongest value wins when its confidence leads the next by ≥ 0.2
//   otherwise   no suggestion: a person decides
// plus age_days and aged (open, and opened more than 14 days ago).

export const EVIDENCE_WINDOW_H = 48;
export const CONFIDENCE_GAP = 0.2;
export { AGED_AFTER_DAYS };

/** CTE `review`: the contradictions (alias x in `where`) with their live values, evidence, age and suggestion. */
export function reviewCte(now: Date, where: Prisma.Sql = Prisma.empty): Prisma.Sql {
  const windowStart = new Date(now.getTime() - EVIDENCE_WINDOW_H * 3600_000);
  return Prisma.sql`
    base AS (
      SELECT x.*, coalesce(lv.fact_ids, ARRAY[]::text[]) AS fact_ids, coalesce(lv.value_hashes, ARRAY[]::text[]) AS value_hashes,
        coalesce(lv.confidences, ARRAY[]::float8[]) AS confidences, lv.n AS value_count, ${contradictedSql('x', now)} AS contradicted,
        CASE WHEN x.status = 'open' THEN round(${ageDaysSql(Prisma.sql`x.opened_at`, now)}::numeric, 1)::float8 END AS age_days
      FROM contradictions x
      ${liveValuesLateral('x', now, 'lv')}
      WHERE TRUE ${where}
    ),
    review AS (
      SELECT b.*, (b.status = 'open' AND ${agedSql(Prisma.sql`b.opened_at`, now)}) AS aged,
        CASE
          WHEN NOT b.contradicted THEN NULL
          WHEN (SELECT count(*) FROM unnest(b.evidence) e WHERE e > 0) = 1 THEN 'evidence'
          WHEN b.confidences[1] - b.confidences[2] >= ${CONFIDENCE_GAP - 1e-9} THEN 'confidence'
        END AS suggestion_basis
      FROM (
        SELECT base.*,
          -- Per live value (in the arrays' order): its assertions that count as evidence.
          CASE WHEN base.status = 'open' THEN (
            SELECT array_agg(ev.n ORDER BY h.ord) FROM unnest(base.value_hashes) WITH ORDINALITY AS h(hash, ord)
            CROSS JOIN LATERAL (
              SELECT count(*)::int AS n FROM facts f
              WHERE f.entity = base.entity AND f.relation = base.relation AND f.scope = base.scope AND f.value_hash = h.hash
                AND f.confidence > 0 AND f.source NOT LIKE 'system:%' AND f.timestamp >= greatest(base.opened_at, ${windowStart}::timestamptz)
                AND NOT EXISTS (SELECT 1 FROM conflicts jc WHERE jc.contradiction_id = base.id AND f.id IN (jc.fact_a_id, jc.fact_b_id))
            ) ev)
          END AS evidence
        FROM base
      ) b
    )`;
}

export interface ReviewColumns {
  fact_ids: string[];
  value_hashes: string[];
  confidences: number[];
  value_count: bigint | number | null;
  contradicted: boolean;
  evidence: number[] | null;
  age_days: number | null;
  aged: boolean;
  suggestion_basis: 'evidence' | 'confidence' | null;
}

export interface Suggestion {
  winning_fact_id: string;
  basis: 'evidence' | 'confidence';
  reason: string;
}

export function suggestionOf(row: ReviewColumns): Suggestion | null {
  if (!row.suggestion_basis) return null;
  const confidences = row.confidences.map(Number);
  if (row.suggestion_basis === 'evidence') {
    const index = (row.evidence ?? []).findIndex((n) => n > 0);
    const count = row.evidence![index];
    return {
      winning_fact_id: row.fact_ids[index],
      basis: 'evidence',
      reason: `only this value was re-asserted by a non-system source since the contradiction opened (within ${EVIDENCE_WINDOW_H} h; ${count} assertion${count === 1 ? '' : 's'})`,
    };
  }
  const [first, second] = confidences;
  return {
    winning_fact_id: row.fact_ids[0],
    basis: 'confidence',
    reason: `confidence ${first.toFixed(2)} vs ${second.toFixed(2)} for the next value: a gap of ${(first - second).toFixed(2)} ≥ ${CONFIDENCE_GAP.toFixed(2)}`,
  };
}
