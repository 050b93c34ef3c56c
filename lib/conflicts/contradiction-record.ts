import { Prisma } from '../generated/prisma/client';
import { type FactRecord, type FactRow, toFactRecord } from '../facts/fact-record';
import { contradictedColumn } from '../facts/query-facts';
import type { DbOrTx } from '../db/prisma';
import { formatInstantOrNull } from '../time/instant';
import { type ReviewColumns, type Suggestion, suggestionOf } from './review-sql';
import type { ContradictionRow } from './decide-contradiction';

// The wire shape of a contradiction (docs/api.md § Contradictions): the unit a person decides, one
// per contradicted triple, with every live value side by side (strongest first), the conflict id
// its remediations name, the suggestion and, once decided, the decision.

/** Values listed per contradiction; `value_count` says how many the triple holds. */
export const VALUES_LISTED = 50;

export interface ContradictionValue {
  /** The value's head fact (its newest assertion). */
  fact: FactRecord | null;
  confidence: number;
  /** Assertions since the contradiction opened that count as evidence (review workflow), 0 once decided. */
  evidence: number;
}

export interface ContradictionRecord {
  contradiction_id: string;
  entity: string;
  relation: string;
  scope: string;
  /** "unresolved" while open (the conflicts' vocabulary), then "resolved" (resolution_basis says how). */
  status: 'unresolved' | 'resolved';
  /** Open with at least two live values now: what lint reports and the queue lists. */
  contradicted: boolean;
  opened_at: string;
  values: ContradictionValue[];
  value_count: number;
  /** The oldest unresolved conflict: resolve or dismiss it (or this contradiction's id) to decide them all. */
  conflict_id: string | null;
  open_conflicts: number;
  age_days: number | null;
  aged: boolean;
  suggestion: Suggestion | null;
  resolved_by: string | null;
  resolved_at: string | null;
  resolution_note: string | null;
  resolution_basis: string | null;
  resolution_fact_id: string | null;
  do_not_reopen_before: string | null;
  /** The decision was taken back (POST /v1/conflicts/:id/undo): when and by whom; the triple's values opened a new contradiction then. */
  undone_at: string | null;
  undone_by: string | null;
}

export type ContradictionReviewRow = ContradictionRow & ReviewColumns & { conflict_id: string | null; undone_at?: Date | null; undone_by?: string | null };

/** Scalar column for a review row: its oldest unresolved conflict. */
export const CONFLICT_ID_COLUMN = Prisma.sql`(SELECT c.id FROM conflicts c WHERE c.contradiction_id = review.id AND c.status = 'unresolved' ORDER BY c.detected_at, c.id LIMIT 1) AS conflict_id`;

/** Builds records for a page of contradictions with one query for all their values' facts. */
export async function toContradictionRecords(db: DbOrTx, rows: ContradictionReviewRow[]): Promise<ContradictionRecord[]> {
  const ids = [...new Set(rows.flatMap((r) => r.fact_ids.slice(0, VALUES_LISTED)))];
  const facts = ids.length
    ? await db.$queryRaw<FactRow[]>`
        SELECT f.id, f.entity, f.relation, f.scope, f.value, f.source, f.timestamp, f.hlc_wall, f.hlc_counter, f.valid_until, f.confidence,
          f.write_mode, f.derived_from, f.session_id, ${contradictedColumn(new Date())} AS contradicted
        FROM facts f WHERE f.id IN (${Prisma.join(ids)})`
    : [];
  const byId = new Map(facts.map((f) => [f.id, toFactRecord(f)]));
  return rows.map((row) => ({
    contradiction_id: row.id,
    entity: row.entity,
    relation: row.relation,
    scope: row.scope,
    status: row.status === 'open' ? 'unresolved' : 'resolved',
    contradicted: row.contradicted,
    opened_at: formatInstantOrNull(row.opened_at)!,
    values: row.fact_ids.slice(0, VALUES_LISTED).map((id, i) => ({ fact: byId.get(id) ?? null, confidence: Number(row.confidences[i]), evidence: row.evidence?.[i] ?? 0 })),
    value_count: Number(row.value_count ?? 0),
    conflict_id: row.conflict_id,
    open_conflicts: Number(row.open_conflicts),
    age_days: row.age_days,
    aged: row.aged,
    suggestion: suggestionOf(row),
    resolved_by: row.resolved_by,
    resolved_at: formatInstantOrNull(row.resolved_at),
    resolution_note: row.resolution_note,
    resolution_basis: row.resolution_basis,
    resolution_fact_id: row.resolution_fact_id,
    do_not_reopen_before: formatInstantOrNull(row.do_not_reopen_before),
    undone_at: formatInstantOrNull(row.undone_at ?? null),
    undone_by: row.undone_by ?? null,
  }));
}
