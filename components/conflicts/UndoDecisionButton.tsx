'use client';

import { useRouter } from 'next/navigation';
import { errorDetail } from '@/lib/client/api-client';
import { useUndoDecisionMutation } from '@/lib/conflicts/hooks/use-undo-decision-mutation';
import { type ConflictTrail, conflictHref } from '@/lib/conflicts/view/conflict-href';
import { Notice } from '../ui/Notice';
import { buttonStyles } from '../ui/styles';

/** Takes the decision back: the triple's values as they were, open again; the page then shows the reopened contradiction. */
export function UndoDecisionButton({ contradictionId, trail = {} }: { contradictionId: string; trail?: ConflictTrail }) {
  const router = useRouter();
  const undo = useUndoDecisionMutation();
  return (
    <div className="space-y-3">
      <button
        type="button"
        disabled={undo.isPending}
        className={buttonStyles.secondary}
        onClick={() => undo.mutate(contradictionId, { onSuccess: (result) => router.replace(conflictHref(result.reopened_contradiction_id ?? contradictionId, 'undone', { from: trail.from })) })}
      >
        {undo.isPending ? 'Undoing…' : 'Undo this decision'}
      </button>
      {undo.isError ? (
        <Notice tone="error" title="Could not undo">
          {errorDetail(undo.error)}
        </Notice>
      ) : null}
    </div>
  );
}
