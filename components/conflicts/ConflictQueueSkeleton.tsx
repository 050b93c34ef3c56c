import { Skeleton } from '../ui/Skeleton';
import { cardStyles } from '../ui/styles';

// The queue table's columns (QueueTable.tsx): one row per contradicted triple, its values in one cell.
const COLUMNS = ['Triple', 'Values', 'Opened', 'Suggestion'];
const GRID = 'grid grid-cols-[2.5rem_minmax(0,1.2fr)_minmax(0,2fr)_7rem_minmax(0,1fr)_9rem] gap-3';

/** Where the review queue appears while its page of conflicts is read: the table's own columns, grey rows. */
export function ConflictQueueSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="page-loading" className="space-y-3">
      <span className="sr-only">Loading the conflicts…</span>
      <Skeleton className="h-9" />
      <div className="flex items-center justify-between gap-3">
        <Skeleton className="h-4 w-36" />
        <Skeleton className="h-9 w-56" />
      </div>
      <div className={`${cardStyles} overflow-hidden`}>
        <div className={`${GRID} bg-slate-50 px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase`}>
          <span />
          {COLUMNS.map((column) => (
            <div key={column}>{column}</div>
          ))}
          <span />
        </div>
        <div className="divide-y divide-slate-100">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className={`${GRID} items-start px-3 py-3`}>
              <Skeleton className="h-4 w-4" />
              <div className="space-y-1.5">
                <Skeleton className="h-4" />
                <Skeleton className="h-3 w-2/3" />
              </div>
              <div className="space-y-1.5">
                <Skeleton className="h-5" />
                <Skeleton className="h-5 w-4/5" />
              </div>
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-5 w-24" />
              <Skeleton className="ml-auto h-7 w-28" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
