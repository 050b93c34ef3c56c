import { Skeleton } from '../ui/Skeleton';
import { cardStyles } from '../ui/styles';

/** Where the scope page's headline (ScopeSummary) appears while the scope's health is computed. */
export function ScopeSummarySkeleton({ scope }: { scope: string }) {
  return (
    <section role="status" aria-live="polite" data-testid="page-loading" className={`${cardStyles} mb-4 flex flex-wrap items-center justify-between gap-6 p-5`}>
      <span className="sr-only">Loading the health of scope {scope}…</span>
      <div className="grid grid-cols-3 gap-6">
        {['Facts', 'Live values', 'Entities'].map((label) => (
          <div key={label}>
            <div className="text-xs font-medium text-slate-500">{label}</div>
            <Skeleton className="mt-1.5 h-7 w-20" />
          </div>
        ))}
      </div>
      <div className="space-y-2">
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-3 w-32" />
      </div>
      <div className="text-right">
        <div className="text-xs font-medium text-slate-500">Health score</div>
        <Skeleton className="mt-1.5 ml-auto h-7 w-16" />
      </div>
    </section>
  );
}
