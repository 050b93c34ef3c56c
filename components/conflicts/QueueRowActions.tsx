import { Link } from '@/components/ui/Link';
import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import type { QueueAction } from '@/lib/conflicts/hooks/use-queue-decisions';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';

const small =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';
const accept =
  'rounded-md bg-emerald-600 px-2 py-1 text-xs font-semibold text-white hover:bg-emerald-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-50';

/** Buttons for mouse and Tab users; the same actions as the a/1/2/d shortcuts. */
export function QueueRowActions({
  conflict,
  canDecide,
  state,
  onAction,
}: {
  conflict: ConflictRecord;
  canDecide: boolean;
  state: 'idle' | 'saving' | 'decided';
  onAction: (action: QueueAction) => void;
}) {
  const name = `${conflict.entity} ${conflict.relation}`;
  const open = (
    <Link href={conflictHref(conflict.conflict_id)} aria-label={`Review conflict on ${name}`} className="rounded-sm text-xs font-medium whitespace-nowrap text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
      Open →
    </Link>
  );
  if (state !== 'idle' || conflict.status !== 'unresolved' || !canDecide) {
    return (
      <div className="flex flex-col items-end gap-1">
        {state === 'saving' ? <span className="text-xs text-slate-500">Saving…</span> : state === 'decided' ? <span className="text-xs text-emerald-700">Decided</span> : null}
        {conflict.status === 'unresolved' && !canDecide && state === 'idle' ? <span className="text-xs text-slate-500">read only</span> : null}
        {open}
      </div>
    );
  }
  // Fixed places (Keep A | Keep B, then Accept | Dismiss), so every row reads the same way.
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="grid w-36 grid-cols-2 gap-1">
        <button type="button" className={small} onClick={() => onAction('keepA')} aria-label={`Keep value A for ${name}`}>
          Keep A
        </button>
        <button type="button" className={small} onClick={() => onAction('keepB')} aria-label={`Keep value B for ${name}`}>
          Keep B
        </button>
        {conflict.suggestion ? (
          <button type="button" className={accept} onClick={() => onAction('accept')} aria-label={`Accept suggestion for ${name}`}>
            Accept
          </button>
        ) : null}
        <button type="button" className={`${small} col-start-2`} onClick={() => onAction('dismiss')} aria-label={`Dismiss ${name} as not a contradiction`}>
          Dismiss
        </button>
      </div>
      {open}
    </div>
  );
}
