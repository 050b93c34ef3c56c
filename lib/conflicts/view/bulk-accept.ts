import type { ContradictionRecord } from '../contradiction-record';
import { suggestedIndex } from './conflict-view';
import { factValueText } from '../../facts/view/fact-value-text';

// Bulk accept of suggestions: what will change (shown in the confirmation), and the report after
// the per-contradiction resolves ran — successes, contradictions someone decided meanwhile (409), failures.

export interface BulkItem {
  /** The contradiction's id: resolving it decides every value of its triple. */
  conflictId: string;
  entity: string;
  relation: string;
  scope: string;
  /** The kept value's number (0-based) among the contradiction's values, and how many it has. */
  index: number;
  valueCount: number;
  keptValue: string;
  winningFactId: string;
  basis: 'evidence' | 'confidence';
  reason: string;
}

export type BulkOutcome = { item: BulkItem; status: 'accepted' } | { item: BulkItem; status: 'already_decided' | 'failed'; detail: string };

/** The marked contradictions that still have a suggestion, in queue order. */
export function planBulkAccept(contradictions: ContradictionRecord[], marked: ReadonlySet<string>): BulkItem[] {
  return contradictions.flatMap((conflict) => {
    const index = suggestedIndex(conflict);
    const fact = index === null ? null : conflict.values[index].fact;
    if (!marked.has(conflict.contradiction_id) || conflict.status !== 'unresolved' || index === null || !fact || !conflict.suggestion) return [];
    return [
      {
        conflictId: conflict.contradiction_id,
        entity: conflict.entity,
        relation: conflict.relation,
        scope: conflict.scope,
        index,
        valueCount: conflict.value_count,
        keptValue: factValueText(fact.value),
        winningFactId: fact.id,
        basis: conflict.suggestion.basis,
        reason: conflict.suggestion.reason,
      },
    ];
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function summarizeBulk(outcomes: BulkOutcome[]) {
  const accepted = outcomes.filter((o) => o.status === 'accepted');
  const alreadyDecided = outcomes.filter((o) => o.status === 'already_decided');
  const failed = outcomes.filter((o) => o.status === 'failed');
  const parts = [`Accepted ${plural(accepted.length, 'suggestion', 'suggestions')}.`];
  if (alreadyDecided.length) parts.push(`${plural(alreadyDecided.length, 'contradiction was', 'contradictions were')} decided by someone else meanwhile.`);
  if (failed.length) parts.push(`${failed.length} could not be saved.`);
  return { accepted, alreadyDecided, failed, message: parts.join(' ') };
}
