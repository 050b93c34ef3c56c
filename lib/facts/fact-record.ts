import type { FactValue } from './fact-value';
import { formatHlc } from '../time/hlc';
import { formatInstant } from '../time/instant';

/** The wire FactRecord (reference node shape, the fields this node implements). */
export interface FactRecord {
  id: string;
  entity: string;
  relation: string;
  value: FactValue;
  source: string;
  timestamp: string;
  hlc: string;
  valid_until: string | null;
  confidence: number;
  scope: string;
  contradicted: boolean;
  /** Source attestation is off on this node: always null (docs/decisions.md § Facts). */
  attested: null;
  /** "assert" or "summarize_with_provenance", as written. */
  write_mode: string;
  /** The provenance entries sent with the fact. */
  derived_from: unknown[];
  /** The writer's Stigmem-Session header, or null. */
  session_id: string | null;
}

/** A facts row as read by $queryRaw (snake_case columns). */
export interface FactRow {
  id: string;
  entity: string;
  relation: string;
  scope: string;
  value: FactValue;
  source: string;
  timestamp: Date;
  hlc_wall: bigint | number;
  hlc_counter: number;
  valid_until: Date | null;
  confidence: number;
  contradicted?: boolean;
  write_mode?: string | null;
  derived_from?: unknown;
  session_id?: string | null;
}


export function toFactRecord(row: FactRow): FactRecord {
  return {
    id: row.id,
    entity: row.entity,
    relation: row.relation,
    value: row.value,
    source: row.source,
    timestamp: formatInstant(row.timestamp),
    hlc: formatHlc({ wall: Number(row.hlc_wall), counter: Number(row.hlc_counter) }),
    valid_until: row.valid_until ? formatInstant(row.valid_until) : null,
    confidence: Number(row.confidence),
    scope: row.scope,
    contradicted: Boolean(row.contradicted),
    attested: null,
    write_mode: row.write_mode ?? 'assert',
    derived_from: Array.isArray(row.derived_from) ? row.derived_from : [],
    session_id: row.session_id ?? null,
  };
}
