import { Prisma } from '../generated/prisma/client';

// The review view of conflicts (docs/semantics.md, the protocol's review workflow), one CTE that
// the queue, the conflict page and auto-resolve all read, so the rules live in one place:
//   evidence    exactly one side's value was re-asserted (confidence > 0) by a non-system source
//               after the contradiction was detected and within the last 48 h → that side wins
//   confidence  otherwise the higher current confidence wins when the gap is ≥ 0.2
//   otherwise   no suggestion: a person decides
// plus age_days and aged (unresolved for more than 14 days).

export const EVIDENCE_WINDOW_H = 48;
export const CONFIDENCE_GAP = 0.2;
export const AGED_AFTER_DAYS = 14;

/** CTE `review`: every conflict row with confidence_a/b, evidence_a/b, age_days, aged, suggestion_*. */
export function reviewCte(now: Date, where: Prisma.Sql = Prisma.empty): Prisma.Sql {
  const windowStart = new Date(now.getTime() - EVIDENCE_WINDOW_H * 3600_000);
  const evidence = (hash: string) => Prisma.sql`(
    SELECT count(*) FROM facts f
    WHERE f.entity = c.entity AND f.relation = c.relation AND f.scope = c.scope AND f.value_hash = ${Prisma.raw(`c.${hash}`)}
      AND f.confidence > 0 AND f.source NOT LIKE 'system:%' AND f.id <> c.fact_a_id AND f.id <> c.fact_b_id
      AND f.timestamp >= greatest(c.detected_at, ${windowStart}::timestamptz))`;
  return Prisma.sql`
    base AS (
      SELECT c.*, coalesce(va.confidence, 0) AS confidence_a, coalesce(vb.confidence, 0) AS confidence_b,
        CASE WHEN c.status = 'unresolved' THEN ${evidence('value_a_hash')} ELSE 0 END AS evidence_a,
        CASE WHEN c.status = 'unresolved' THEN ${evidence('value_b_hash')} ELSE 0 END AS evidence_b,
        CASE WHEN c.status = 'unresolved' THEN round((extract(epoch FROM (${now}::timestamptz - c.detected_at)) / 86400)::numeric, 1)::float8 END AS age_days
      FROM conflicts c
      LEFT JOIN value_heads va ON va.entity = c.entity AND va.relation = c.relation AND va.scope = c.scope AND va.value_hash = c.value_a_hash
      LEFT JOIN value_heads vb ON vb.entity = c.entity AND vb.relation = c.relation AND vb.scope = c.scope AND vb.value_hash = c.value_b_hash
      WHERE TRUE ${where}
    ),
    review AS (
      SELECT base.*, coalesce(base.age_days > ${AGED_AFTER_DAYS}, false) AS aged,
        CASE
          WHEN status <> 'unresolved' THEN NULL
          WHEN (evidence_a > 0) <> (evidence_b > 0) THEN 'evidence'
          WHEN abs(confidence_a - confidence_b) >= ${CONFIDENCE_GAP - 1e-9} THEN 'confidence'
        END AS suggestion_basis,
        CASE
          WHEN status <> 'unresolved' THEN NULL
          WHEN (evidence_a > 0) <> (evidence_b > 0) THEN CASE WHEN evidence_a > 0 THEN fact_a_id ELSE fact_b_id END
          WHEN abs(confidence_a - confidence_b) >= ${CONFIDENCE_GAP - 1e-9} THEN CASE WHEN confidence_a > confidence_b THEN fact_a_id ELSE fact_b_id END
        END AS suggestion_fact_id
      FROM base
    )`;
}

export interface ReviewColumns {
  confidence_a: number;
  confidence_b: number;
  evidence_a: bigint | number;
  evidence_b: bigint | number;
  age_days: number | null;
  aged: boolean;
  suggestion_basis: 'evidence' | 'confidence' | null;
  suggestion_fact_id: string | null;
}

export interface Suggestion {
  winning_fact_id: string;
  basis: 'evidence' | 'confidence';
  reason: string;
}

export function suggestionOf(row: ReviewColumns & { fact_a_id: string }): Suggestion | null {
  if (!row.suggestion_basis || !row.suggestion_fact_id) return null;
  const side = row.suggestion_fact_id === row.fact_a_id ? 'a' : 'b';
  const [mine, other] = side === 'a' ? [row.confidence_a, row.confidence_b] : [row.confidence_b, row.confidence_a];
  const evidence = Number(side === 'a' ? row.evidence_a : row.evidence_b);
  const reason =
    row.suggestion_basis === 'evidence'
      ? `only side ${side.toUpperCase()} was re-asserted by a non-system source since the contradiction was detected (within ${EVIDENCE_WINDOW_H} h; ${evidence} assertion${evidence === 1 ? '' : 's'})`
      : `confidence ${Number(mine).toFixed(2)} vs ${Number(other).toFixed(2)}: a gap of ${(Number(mine) - Number(other)).toFixed(2)} ≥ ${CONFIDENCE_GAP.toFixed(2)}`;
  return { winning_fact_id: row.suggestion_fact_id, basis: row.suggestion_basis, reason };
}
