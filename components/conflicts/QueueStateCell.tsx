import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import { conflictStatusWord } from '@/lib/conflicts/view/conflict-view';
import { DateTime } from '../ui/DateTime';
import { StatusBadge } from '../ui/StatusBadge';

/** Waiting contradictions show when they opened (aged ones flagged); decided ones their status and date. */
export function QueueStateCell({ contradiction }: { contradiction: ContradictionRecord }) {
  if (contradiction.status !== 'unresolved') {
    return (
      <div className="space-y-1">
        <StatusBadge status={conflictStatusWord(contradiction)} />
        <div className="text-xs text-slate-500">
          <DateTime iso={contradiction.resolved_at} />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <div className="text-slate-700">
        <span className="sr-only">opened </span>
        <DateTime iso={contradiction.opened_at} />
      </div>
      {contradiction.aged ? (
        <span data-testid="aged-badge" className="inline-flex rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-rose-800 ring-1 ring-rose-600/30 ring-inset">
          aged &gt; 14 days
        </span>
      ) : null}
    </div>
  );
}
