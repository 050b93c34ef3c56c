import type { PreparedFact } from '@/lib/facts/apply-facts';
import { type FactValue, refTarget, valueHash } from '@/lib/facts/fact-value';
import type { Hlc } from '@/lib/facts/hlc';

// Builders for unit tests of applyFacts: prepared facts on one default triple, with HLCs given as
// plain numbers (wall milliseconds) and values as strings unless said otherwise.

let sequence = 0;

export interface FactSpec {
  value?: string | FactValue;
  hlc: number | Hlc;
  confidence?: number;
  validUntil?: Date | null;
  entity?: string;
  relation?: string;
  scope?: string;
  source?: string;
  id?: string;
}

export function prepared(spec: FactSpec): PreparedFact {
  const value: FactValue = typeof spec.value === 'object' ? spec.value : { type: 'string', v: spec.value ?? 'red' };
  const hlc = typeof spec.hlc === 'number' ? { wall: spec.hlc, counter: 0 } : spec.hlc;
  return {
    id: spec.id ?? `fact-${++sequence}`,
    entity: spec.entity ?? 'stigmem://unit/e',
    relation: spec.relation ?? 'memory:status',
    scope: spec.scope ?? 'local',
    value,
    valueType: value.type,
    valueHash: valueHash(value),
    refTarget: refTarget(value),
    source: spec.source ?? 'stigmem://unit/agent',
    timestamp: new Date(hlc.wall),
    hlc,
    validUntil: spec.validUntil ?? null,
    confidence: spec.confidence ?? 1,
    retractsTriple: false,
  };
}

export const hashOf = (v: string) => valueHash({ type: 'string', v });
