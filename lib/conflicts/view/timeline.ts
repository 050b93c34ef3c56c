import type { FactRecord } from '../../facts/fact-record';
import { type Side, sameValue } from './conflict-view';

// The triple's history (every fact by HLC) as timeline entries: which side each value is, and what
// kind of write it was.

export type TimelineKind = 'assertion' | 'retraction' | 'decay' | 'resolution';

export interface TimelineEntry {
  fact: FactRecord;
  kind: TimelineKind;
  /** A or B when the value is one of the conflict's two values. */
  side: Side | null;
  /** The fact the conflict was recorded between. */
  conflictFact: boolean;
}

const DECAY_SOURCE = 'system:stigmem:decay';

export function timelineEntries(history: FactRecord[], conflict: { fact_a: FactRecord | null; fact_b: FactRecord | null; resolution_fact_id: string | null }): TimelineEntry[] {
  return history.map((fact) => {
    const side: Side | null = conflict.fact_a && sameValue(fact.value, conflict.fact_a.value) ? 'A' : conflict.fact_b && sameValue(fact.value, conflict.fact_b.value) ? 'B' : null;
    const kind: TimelineKind =
      fact.id === conflict.resolution_fact_id ? 'resolution' : fact.source === DECAY_SOURCE ? 'decay' : fact.confidence === 0 ? 'retraction' : 'assertion';
    return { fact, kind, side, conflictFact: fact.id === conflict.fact_a?.id || fact.id === conflict.fact_b?.id };
  });
}
