import type { ConflictRecord } from '../conflicts/conflict-record';
import type { FactRecord } from '../facts/fact-record';
import type { FactValue } from '../facts/fact-value';

// Builders for the review-ui unit tests.

export function fact(id: string, value: FactValue, extra: Partial<FactRecord> = {}): FactRecord {
  return {
    id,
    entity: 'project:atlas',
    relation: 'owner',
    value,
    source: 'agent:a',
    timestamp: '2026-05-01T10:00:00.000Z',
    hlc: '1777629600000.000',
    valid_until: null,
    confidence: 0.9,
    scope: 'local',
    contradicted: true,
    attested: null,
    write_mode: 'assert',
    derived_from: [],
    session_id: null,
    ...extra,
  };
}

export function conflict(id: string, extra: Partial<ConflictRecord> = {}): ConflictRecord {
  return {
    conflict_id: id,
    entity: 'project:atlas',
    relation: 'owner',
    scope: 'local',
    fact_a: fact(`${id}-a`, { type: 'string', v: 'alice' }, { confidence: 0.95 }),
    fact_b: fact(`${id}-b`, { type: 'string', v: 'bob' }, { confidence: 0.4 }),
    status: 'unresolved',
    resolved_by: null,
    detected_at: '2026-05-01T10:00:00.000Z',
    resolved_at: null,
    resolution_note: null,
    resolution_basis: null,
    resolution_fact_id: null,
    do_not_reopen_before: null,
    age_days: 1.5,
    aged: false,
    suggestion: { winning_fact_id: `${id}-a`, basis: 'confidence', reason: 'confidence 0.95 vs 0.40: a gap of 0.55 ≥ 0.20' },
    ...extra,
  };
}
