import { Link } from '@/components/ui/Link';
import type { ConflictStatusFilter } from '@/lib/conflicts/list-conflicts';
import { type QueueFilters, queueHref } from '@/lib/conflicts/view/queue-filters';

const TABS: { status: ConflictStatusFilter; label: string }[] = [
  { status: 'unresolved', label: 'Unresolved' },
  { status: 'resolved', label: 'Resolved' },
  { status: 'dismissed', label: 'Dismissed' },
  { status: 'all', label: 'All' },
];

/** Status tabs of the queue; switching keeps the other filters. */
export function ConflictStatusTabs({ filters }: { filters: QueueFilters }) {
  return (
    <nav aria-label="Conflict status" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
      {TABS.map((tab) => {
        const active = tab.status === filters.status;
        return (
          <Link
            key={tab.status}
            href={queueHref(filters, { status: tab.status })}
            aria-current={active ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              active ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
