import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { suggestedSide } from '@/lib/conflicts/view/conflict-view';

/** The suggested winner and why, or a note that a person decides. */
export function QueueSuggestionCell({ conflict }: { conflict: ConflictRecord }) {
  if (conflict.status !== 'unresolved') return <span className="text-slate-400">—</span>;
  const side = suggestedSide(conflict);
  if (!side || !conflict.suggestion) return <span className="text-xs text-slate-500">None: a person decides</span>;
  return (
    <div data-testid="queue-suggestion">
      <div className="flex flex-wrap items-center gap-1">
        <span className="font-medium text-emerald-800">Keep {side}</span>
        <span className="rounded-full bg-sky-50 px-1.5 py-0.5 text-[11px] font-medium text-sky-800 ring-1 ring-sky-600/30 ring-inset">{conflict.suggestion.basis}</span>
      </div>
      <p className="mt-0.5 line-clamp-2 text-xs text-slate-500" title={conflict.suggestion.reason}>
        {conflict.suggestion.reason}
      </p>
    </div>
  );
}
