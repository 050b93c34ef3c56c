import type { FactValue } from '../facts/fact-value';
import { formatInstant, formatInstantOrNull } from '../time/instant';

// The wire shape of a quarantined fact: the reference node's QuarantineRecord (Spec-08) and what a
// moderator needs besides — the value (to be shown inert), the detectors' signals and score, who sent
// it and when. There are no quarantine gardens on this node: each scope's quarantine is its own, and
// `quarantine_garden_id` names it as `quarantine:<scope>`.

export const QUARANTINE_STATUSES = ['pending', 'promoted', 'rejected'] as const;
export type QuarantineStatus = (typeof QUARANTINE_STATUSES)[number];

export interface QuarantineRow {
  fact_id: string;
  entity: string;
  relation: string;
  scope: string;
  value_hash: string;
  source: string;
  status: QuarantineStatus;
  reason: string;
  signals: string[] | null;
  score: number | null;
  requested_by: string;
  created_at: Date;
  acted_by: string | null;
  acted_at: Date | null;
  act_reason: string | null;
  /** From the fact itself. */
  value: FactValue;
  timestamp: Date;
  confidence: number;
}

export interface QuarantineRecord {
  fact_id: string;
  entity: string;
  relation: string;
  scope: string;
  source: string;
  quarantine_status: QuarantineStatus;
  quarantine_garden_id: string;
  quarantine_reason: string;
  quarantine_acted_by: string | null;
  quarantine_acted_at: string | null;
  source_trust: null;
  received_from: null;
  timestamp: string;
  value: FactValue;
  confidence: number;
  signals: string[];
  score: number | null;
  requested_by: string;
  quarantined_at: string;
  act_reason: string | null;
}

export function toQuarantineRecord(row: QuarantineRow): QuarantineRecord {
  return {
    fact_id: row.fact_id,
    entity: row.entity,
    relation: row.relation,
    scope: row.scope,
    source: row.source,
    quarantine_status: row.status,
    quarantine_garden_id: `quarantine:${row.scope}`,
    quarantine_reason: row.reason,
    quarantine_acted_by: row.acted_by,
    quarantine_acted_at: formatInstantOrNull(row.acted_at),
    source_trust: null,
    received_from: null,
    timestamp: formatInstant(row.timestamp),
    value: row.value,
    confidence: Number(row.confidence),
    signals: row.signals ?? [],
    score: row.score === null ? null : Number(row.score),
    requested_by: row.requested_by,
    quarantined_at: formatInstant(row.created_at),
    act_reason: row.act_reason,
  };
}

/** Every column a record needs, for `quarantine q JOIN facts f ON f.id = q.fact_id`. */
export const QUARANTINE_COLUMNS = `q.fact_id, q.entity, q.relation, q.scope, q.value_hash, q.source, q.status, q.reason, q.signals, q.score, q.requested_by,
  q.created_at, q.acted_by, q.acted_at, q.act_reason, f.value, f.timestamp, f.confidence`;
