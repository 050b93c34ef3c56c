import { Skeleton } from '../ui/Skeleton';
import { cardStyles } from '../ui/styles';

/** Where a scope's card will appear while its health is computed (the page's loading marker, so tests and screenshots wait for it). */
export function ScopeCardSkeleton({ scope }: { scope: string }) {
  return (
    <section role="status" aria-live="polite" data-testid="page-loading" className={`${cardStyles} space-y-3 p-5`}>
      <span className="sr-only">Loading the health of scope {scope}…</span>
      <h2 className="text-base font-semibold capitalize text-slate-900">{scope}</h2>
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-16" />
      <Skeleton className="h-24" />
    </section>
  );
}
