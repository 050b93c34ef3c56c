import type { ConflictRecord } from '../conflict-record';
import { type Side, sideFact, suggestedSide } from './conflict-view';
import { factValueText } from '../../facts/view/fact-value-text';

// Bulk accept of suggestions: what will change (shown in the confirmation), and the report after
// the per-conflict resolves ran — successes, conflicts someone decided meanwhile (409), failures.

export interface BulkItem {
  conflictId: string;
  entity: string;
  relation: string;
  scope: string;
  side: Side;
  keptValue: string;
  winningFactId: string;
  basis: 'evidence' | 'confidence';
  reason: string;
}

export type BulkOutcome = { item: BulkItem; status: 'accepted' } | { item: BulkItem; status: 'already_decided' | 'failed'; detail: string };

/** The marked conflicts that still have a suggestion, in queue order. */
export function planBulkAccept(conflicts: ConflictRecord[], marked: ReadonlySet<string>): BulkItem[] {
  return conflicts.flatMap((conflict) => {
    const side = suggestedSide(conflict);
    const fact = side ? sideFact(conflict, side) : null;
    if (!marked.has(conflict.conflict_id) || conflict.status !== 'unresolved' || !side || !fact || !conflict.suggestion) return [];
    return [
      {
        conflictId: conflict.conflict_id,
        entity: conflict.entity,
        relation: conflict.relation,
        scope: conflict.scope,
        side,
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
  if (alreadyDecided.length) parts.push(`${plural(alreadyDecided.length, 'conflict was', 'conflicts were')} decided by someone else meanwhile.`);
  if (failed.length) parts.push(`${failed.length} could not be saved.`);
  return { accepted, alreadyDecided, failed, message: parts.join(' ') };
}
