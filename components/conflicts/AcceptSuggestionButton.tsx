'use client';

import { useRouter } from 'next/navigation';
import { ApiClientError } from '@/lib/client/api-client';
import { useResolveConflictMutation } from '@/lib/conflicts/hooks/use-resolve-conflict-mutation';
import { suggestionNote } from '@/lib/conflicts/view/conflict-view';
import { buttonStyles } from '../ui/styles';
import { type ConflictTrail, conflictHref } from '@/lib/conflicts/view/conflict-href';
import { InlineError } from '../ui/InlineError';

/** One click: keep the suggested value, with a note that says it was the suggestion and why. */
export function AcceptSuggestionButton({ conflictId, winningFactId, basis, reason, valueNumber, trail = {} }: { conflictId: string; winningFactId: string; basis: string; reason: string; valueNumber: number; trail?: ConflictTrail }) {
  const router = useRouter();
  const resolve = useResolveConflictMutation();
  const failed = resolve.error && !(resolve.error instanceof ApiClientError && resolve.error.status === 409);
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        disabled={resolve.isPending}
        className={buttonStyles.primary}
        onClick={() =>
          resolve.mutate(
            { conflictId, winning_fact_id: winningFactId, resolution_note: suggestionNote({ basis, reason }), retract_losers: true },
            {
              onSuccess: () => router.replace(conflictHref(conflictId, 'resolved', trail)),
              onError: (error) => {
                if (error instanceof ApiClientError && error.status === 409) router.replace(conflictHref(conflictId, 'already', trail));
              },
            },
          )
        }
      >
        {resolve.isPending ? 'Saving…' : `Accept suggestion: keep value ${valueNumber}`}
      </button>
      <InlineError error={failed ? resolve.error : null} className="block text-sm text-rose-700" />
    </div>
  );
}
