import { Prisma } from '../generated/prisma/client';
import { type FactRecord, type FactRow, toFactRecord } from '../facts/fact-record';
import { contradictedColumn } from '../facts/query-facts';
import type { DbOrTx } from '../db/prisma';
import type { Suggestion } from './review-sql';
import { formatInstantOrNull } from '../time/instant';

// The wire shape of a conflict (reference ConflictRecord plus our resolution fields).

export interface ConflictRow {
  id: string;
  entity: string;
  relation: string;
  scope: string;
  fact_a_id: string;
  fact_b_id: string;
  pair_key: string;
  status: string;
  detected_at: Date;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution_note: string | null;
  resolution_basis: string | null;
  resolution_fact_id: string | null;
  do_not_reopen_before: Date | null;
  contradiction_id: string | null;
}

/** Per conflict: its age (unresolved only) and its contradiction's suggestion. */
export interface ConflictReview {
  age_days: number | null;
  aged: boolean;
  suggestion?: Suggestion | null;
}

export interface ConflictRecord {
  conflict_id: string;
  entity: string;
  relation: string;
  scope: string;
  fact_a: FactRecord | null;
  fact_b: FactRecord | null;
  status: string;
  resolved_by: string | null;
  detected_at: string;
  resolved_at: string | null;
  resolution_note: string | null;
  resolution_basis: string | null;
  resolution_fact_id: string | null;
  do_not_reopen_before: string | null;
  /** The contradiction of its triple it belongs to: deciding the conflict decides it (docs/api.md § Contradictions). */
  contradiction_id: string | null;
  /** Unresolved conflicts only (review workflow): days since detection, aged (> 14 days), the suggested winner of its contradiction. */
  age_days: number | null;
  aged: boolean;
  suggestion: Suggestion | null;
}

const iso = (d: Date | null) => formatInstantOrNull(d);

/** Builds records for a page of conflicts with one query for all their facts. */
export async function toConflictRecords(db: DbOrTx, rows: (ConflictRow & Partial<ConflictReview>)[]): Promise<ConflictRecord[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.fact_a_id, r.fact_b_id]))];
  const facts = ids.length
    ? await db.$queryRaw<FactRow[]>`
        SELECT f.id, f.entity, f.relation, f.scope, f.value, f.source, f.timestamp, f.hlc_wall, f.hlc_counter, f.valid_until, f.confidence,
           f.write_mode, f.derived_from, f.session_id,
               ${contradictedColumn(new Date())} AS contradicted
        FROM facts f WHERE f.id IN (${Prisma.join(ids)})`
    : [];
  const byId = new Map(facts.map((f) => [f.id, toFactRecord(f)]));
  return rows.map((row) => ({
    conflict_id: row.id,
    entity: row.entity,
    relation: row.relation,
    scope: row.scope,
    fact_a: byId.get(row.fact_a_id) ?? null,
    fact_b: byId.get(row.fact_b_id) ?? null,
    status: row.status,
    resolved_by: row.resolved_by,
    detected_at: iso(row.detected_at)!,
    resolved_at: iso(row.resolved_at),
    resolution_note: row.resolution_note,
    resolution_basis: row.resolution_basis,
    resolution_fact_id: row.resolution_fact_id,
    do_not_reopen_before: iso(row.do_not_reopen_before),
    contradiction_id: row.contradiction_id,
    age_days: row.age_days ?? null,
    aged: row.aged ?? false,
    suggestion: row.suggestion ?? null,
  }));
}
