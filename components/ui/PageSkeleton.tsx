import { Skeleton } from './Skeleton';

/** Loading state of a page: its title, and grey blocks where cards or table rows will appear. */
export function PageSkeleton({ title, variant = 'table' }: { title: string; variant?: 'table' | 'cards' }) {
  return (
    <div role="status" aria-live="polite" data-testid="page-loading">
      <span className="sr-only">Loading {title}…</span>
      <Skeleton className="mb-2 h-7 w-48" />
      <Skeleton className="mb-6 h-4 w-96 max-w-full" />
      {variant === 'cards' ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : (
        <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-8" />
          ))}
        </div>
      )}
    </div>
  );
}
