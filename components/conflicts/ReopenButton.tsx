'use client';

import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { errorDetail } from '@/lib/client/api-client';
import { useReopenConflictMutation } from '@/lib/conflicts/hooks/use-reopen-conflict-mutation';
import { Notice } from '../ui/Notice';
import { buttonStyles, linkStyles } from '../ui/styles';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';

/**
 * Ends the decision's cooldown now; when live values may contradict again, a new contradiction opens at once.
 * The page then reloads (the same path, whichever id it names) without its old outcome notice, and this button keeps the result.
 */
export function ReopenButton({ conflictId }: { conflictId: string }) {
  const router = useRouter();
  const reopen = useReopenConflictMutation();
  const result = reopen.data;
  return (
    <div className="space-y-3">
      <button type="button" disabled={reopen.isPending} className={buttonStyles.secondary} onClick={() => reopen.mutate(conflictId, { onSuccess: () => router.replace(window.location.pathname) })}>
        {reopen.isPending ? 'Reopening…' : 'Reopen'}
      </button>
      {result ? (
        <Notice tone="success" title="Cooldown ended" testId="reopen-result">
          {result.contradiction_id ? (
            <>
              Live values contradict each other again:{' '}
              <Link href={conflictHref(result.contradiction_id)} className={linkStyles}>
                open the contradiction
              </Link>
              .
            </>
          ) : (
            'No two live values contradict each other now; a contradiction opens again when they do.'
          )}
        </Notice>
      ) : null}
      {reopen.isError ? (
        <Notice tone="error" title="Could not reopen">
          {errorDetail(reopen.error)}
        </Notice>
      ) : null}
    </div>
  );
}
