'use client';

import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import type { QueueAction } from '@/lib/conflicts/hooks/use-queue-decisions';
import { suggestedIndex } from '@/lib/conflicts/view/conflict-view';
import { keptIndex } from '@/lib/conflicts/view/queue-keys';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { ConfirmDialog } from '../ui/ConfirmDialog';

export interface PendingKeyDecision {
  contradiction: ContradictionRecord;
  action: QueueAction;
}

/** With "ask before a key decides" on: what the key would do, to confirm or cancel (Escape). */
export function ConfirmKeyDecision({ pending, onConfirm, onCancel }: { pending: PendingKeyDecision | null; onConfirm: () => void; onCancel: () => void }) {
  const c = pending?.contradiction;
  const index = !pending ? null : pending.action === 'accept' ? suggestedIndex(pending.contradiction) : pending.action === 'dismiss' ? null : keptIndex(pending.action);
  const fact = c && index !== null ? c.values[index]?.fact : null;
  const title = !pending ? '' : pending.action === 'dismiss' ? 'Dismiss as not a contradiction?' : `Keep value ${(index ?? 0) + 1}?`;
  return (
    <ConfirmDialog open={!!pending} title={title} confirmLabel={pending?.action === 'dismiss' ? 'Dismiss' : 'Keep it'} onConfirm={onConfirm} onCancel={onCancel}>
      {c ? (
        <p className="wrap-anywhere">
          {pending!.action === 'dismiss' ? (
            <>Every value of {c.entity} · {c.relation} stays, quiet together during the cooldown.</>
          ) : (
            <>
              Keeps “{fact ? factValueText(fact.value) : `value ${(index ?? 0) + 1}`}” for {c.entity} · {c.relation} in {c.scope} and retracts the other values.
            </>
          )}{' '}
          You can undo it afterwards.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
