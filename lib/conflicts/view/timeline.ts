import type { FactRecord } from '../../facts/fact-record';
import { sameValue } from './conflict-view';

// The triple's history (every fact by HLC) as timeline entries: which of the contradiction's values
// each fact asserts, and what kind of write it was.

export type TimelineKind = 'assertion' | 'retraction' | 'decay' | 'resolution';

export interface TimelineEntry {
  fact: FactRecord;
  kind: TimelineKind;
  /** The value's number (0-based) when it is one of the contradiction's values. */
  value: number | null;
  /** The fact is a value's current head, as the contradiction lists it. */
  current: boolean;
}

const DECAY_SOURCE = 'system:stigmem:decay';

export function timelineEntries(history: FactRecord[], contradiction: { values: { fact: FactRecord | null }[]; resolution_fact_id: string | null }): TimelineEntry[] {
  const values = contradiction.values.map((v) => v.fact);
  return history.map((fact) => {
    const index = values.findIndex((v) => v && sameValue(fact.value, v.value));
    const kind: TimelineKind =
      fact.id === contradiction.resolution_fact_id ? 'resolution' : fact.source === DECAY_SOURCE ? 'decay' : fact.confidence === 0 ? 'retraction' : 'assertion';
    return { fact, kind, value: index === -1 ? null : index, current: values.some((v) => v?.id === fact.id) };
  });
}
