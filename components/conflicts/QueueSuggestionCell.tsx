import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import { suggestedIndex } from '@/lib/conflicts/view/conflict-view';

/** The suggested value and why, or a note that a person decides. */
export function QueueSuggestionCell({ contradiction }: { contradiction: ContradictionRecord }) {
  if (contradiction.status !== 'unresolved') return <span className="text-slate-400">—</span>;
  const index = suggestedIndex(contradiction);
  if (index === null || !contradiction.suggestion) return <span className="text-xs text-slate-500">None: a person decides</span>;
  return (
    <div data-testid="queue-suggestion">
      <div className="flex flex-wrap items-center gap-1">
        <span className="font-medium text-emerald-800">Keep {index + 1}</span>
        <span className="rounded-full bg-sky-50 px-1.5 py-0.5 text-[11px] font-medium text-sky-800 ring-1 ring-sky-600/30 ring-inset">{contradiction.suggestion.basis}</span>
      </div>
      <p className="mt-0.5 line-clamp-2 text-xs text-slate-500" title={contradiction.suggestion.reason}>
        {contradiction.suggestion.reason}
      </p>
    </div>
  );
}
