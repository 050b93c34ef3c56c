import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { conflictStatusWord } from '@/lib/conflicts/view/conflict-view';
import { DateTime } from '../ui/DateTime';
import { StatusBadge } from '../ui/StatusBadge';

/** Waiting conflicts show when they were detected (aged ones flagged); decided ones their status and date. */
export function QueueStateCell({ conflict }: { conflict: ConflictRecord }) {
  if (conflict.status !== 'unresolved') {
    return (
      <div className="space-y-1">
        <StatusBadge status={conflictStatusWord(conflict)} />
        <div className="text-xs text-slate-500">
          <DateTime iso={conflict.resolved_at} />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <div className="text-slate-700">
        <span className="sr-only">detected </span>
        <DateTime iso={conflict.detected_at} />
      </div>
      {conflict.aged ? (
        <span data-testid="aged-badge" className="inline-flex rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-rose-800 ring-1 ring-rose-600/30 ring-inset">
          aged &gt; 14 days
        </span>
      ) : null}
    </div>
  );
}
