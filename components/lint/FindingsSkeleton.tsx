import { Skeleton } from '../ui/Skeleton';
import { cardStyles } from '../ui/styles';

const COLUMNS = ['Severity', 'Check', 'Entity', 'Relation', 'Detail', 'Action'];

/** Where the findings (filters, table, pager) appear while the scope is linted: the table's own columns, grey rows. */
export function FindingsSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="page-loading">
      <span className="sr-only">Loading the findings…</span>
      <div className={`${cardStyles} mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,11rem))_minmax(0,1fr)_auto]`}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-1.5">
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-9" />
          </div>
        ))}
        <Skeleton className="h-9 w-24 self-end" />
      </div>
      <div className={`${cardStyles} overflow-hidden`}>
        <div className="grid grid-cols-[6rem_8rem_minmax(0,1fr)_8rem_minmax(0,2fr)_7rem] gap-4 bg-slate-50 px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {COLUMNS.map((column) => (
            <div key={column}>{column}</div>
          ))}
        </div>
        <div className="divide-y divide-slate-100">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="grid grid-cols-[6rem_8rem_minmax(0,1fr)_8rem_minmax(0,2fr)_7rem] gap-4 px-4 py-3">
              <Skeleton className="h-5 w-16" />
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-4" />
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-8" />
              <Skeleton className="h-7 w-20" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
