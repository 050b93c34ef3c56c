import type { FactValue } from './fact-value';
import { formatHlc } from './hlc';

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
}

export function toFactRecord(row: FactRow): FactRecord {
  return {
    id: row.id,
    entity: row.entity,
    relation: row.relation,
    value: row.value,
    source: row.source,
    timestamp: new Date(row.timestamp).toISOString(),
    hlc: formatHlc({ wall: Number(row.hlc_wall), counter: Number(row.hlc_counter) }),
    valid_until: row.valid_until ? new Date(row.valid_until).toISOString() : null,
    confidence: Number(row.confidence),
    scope: row.scope,
    contradicted: Boolean(row.contradicted),
  };
}
